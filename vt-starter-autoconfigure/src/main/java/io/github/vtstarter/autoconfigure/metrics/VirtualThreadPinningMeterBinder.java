package io.github.vtstarter.autoconfigure.metrics;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import io.github.vtstarter.pinning.PinnedEvent;
import io.github.vtstarter.pinning.PinningListener;
import io.github.vtstarter.pinning.PinningMonitor;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * The pinning monitor's events as meters, under the names Micrometer's {@code micrometer-java21}
 * ({@code VirtualThreadMetrics}) uses, so that dashboards built for it work on Boot 3.1 too: timer
 * {@code jvm.threads.virtual.pinned} and counter {@code jvm.threads.virtual.submit.failed}.
 * <p>
 * Unlike {@code VirtualThreadMetrics} (fixed 20 ms), the timer sees the events above
 * {@code vtstarter.pinning.threshold}. When a registry already has a {@code jvm.threads.virtual.pinned} meter
 * (some other binder got there first), this binder leaves that registry alone rather than count twice.
 */
public class VirtualThreadPinningMeterBinder implements MeterBinder {

	/** The timer's name. */
	public static final String PINNED = "jvm.threads.virtual.pinned";

	/** The counter's name. */
	public static final String SUBMIT_FAILED = "jvm.threads.virtual.submit.failed";

	private final PinningMonitor monitor;

	private final BooleanSupplier otherBinderBindsThem;

	/**
	 * Creates the binder.
	 * @param monitor the monitor whose events are recorded
	 */
	public VirtualThreadPinningMeterBinder(PinningMonitor monitor) {
		this(monitor, () -> false);
	}

	/**
	 * Creates the binder.
	 * @param monitor the monitor whose events are recorded
	 * @param otherBinderBindsThem asked when binding: whether another binder (Micrometer's
	 * {@code VirtualThreadMetrics}) will register the same meters, whether or not it has bound yet; this binder
	 * then steps aside, so that no event is counted twice in one meter
	 */
	public VirtualThreadPinningMeterBinder(PinningMonitor monitor, BooleanSupplier otherBinderBindsThem) {
		this.monitor = monitor;
		this.otherBinderBindsThem = otherBinderBindsThem;
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		// Micrometer returns the existing meter for the same name: two binders would both record into it.
		if (registry.find(PINNED).meter() != null || registry.find(SUBMIT_FAILED).meter() != null
				|| this.otherBinderBindsThem.getAsBoolean()) {
			return;
		}
		Timer pinned = Timer.builder(PINNED)
			.description("The duration while the virtual thread was pinned without releasing its platform carrier thread")
			.register(registry);
		Counter submitFailed = Counter.builder(SUBMIT_FAILED)
			.description("The number of events when starting or unparking a virtual thread failed")
			.register(registry);
		this.monitor.addListener(new PinningListener() {

			@Override
			public void pinned(PinnedEvent event, boolean newSite) {
				pinned.record(event.duration().toNanos(), TimeUnit.NANOSECONDS);
			}

			@Override
			public void submitFailed(String threadName, String message) {
				submitFailed.increment();
			}

		});
	}

}
