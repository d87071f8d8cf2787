package io.github.vtstarter.pinning;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * A source of events that the test drives by hand, for what needs exact counts rather than JFR's timing.
 */
public class ManualPinningEventSource implements PinningEventSource {

	private volatile PinningListener listener;

	/**
	 * A monitor fed by a new manual source.
	 * @param source the source
	 * @return the monitor, not started
	 */
	public static PinningMonitor monitor(ManualPinningEventSource source) {
		return new PinningMonitor(Duration.ofMillis(20), 100, 100, () -> source);
	}

	@Override
	public void start(Duration threshold, PinningListener listener) {
		this.listener = listener;
	}

	/**
	 * Delivers a pinned event.
	 * @param millis its duration
	 * @param frames its stack
	 */
	public void pinned(long millis, String... frames) {
		this.listener.pinned(new PinnedEvent(Instant.now(), Duration.ofMillis(millis), "manual", List.of(frames), false),
				false);
	}

	/**
	 * Delivers a submit-failed event.
	 */
	public void submitFailed() {
		this.listener.submitFailed("manual", "test");
	}

	@Override
	public void close() {
		this.listener = null;
	}

}
