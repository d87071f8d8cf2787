package io.github.vtstarter.autoconfigure.pinning;

import io.github.vtstarter.autoconfigure.DegradedFeatures;
import io.github.vtstarter.pinning.PinningMonitor;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.context.SmartLifecycle;

/**
 * Starts the {@link PinningMonitor} with the context, before the web server takes requests, and closes it
 * (waiting for its JFR thread) after the server has stopped. A monitor that cannot start (no Flight Recorder, a
 * stream that fails) does not stop the application: it is listed under {@code degraded} with one WARN.
 */
class PinningMonitorLifecycle implements SmartLifecycle {

	private static final Log logger = LogFactory.getLog(PinningMonitorLifecycle.class);

	/** Before the web server (which starts at {@code DEFAULT_PHASE - 1}), so that no request goes unseen. */
	static final int PHASE = Integer.MIN_VALUE + 1000;

	private final PinningMonitor monitor;

	private volatile boolean running;

	PinningMonitorLifecycle(PinningMonitor monitor) {
		this.monitor = monitor;
	}

	@Override
	public void start() {
		this.monitor.start();
		this.running = true;
		if (!this.monitor.isAvailable()) {
			DegradedFeatures.record(logger, "the pinning monitor",
					new IllegalStateException(this.monitor.getUnavailableReason()));
		}
	}

	@Override
	public void stop() {
		this.monitor.close();
		this.running = false;
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	@Override
	public int getPhase() {
		return PHASE;
	}

}
