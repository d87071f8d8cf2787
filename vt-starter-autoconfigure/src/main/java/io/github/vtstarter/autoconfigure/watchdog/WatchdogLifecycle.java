package io.github.vtstarter.autoconfigure.watchdog;

import io.github.vtstarter.watchdog.SchedulerWatchdog;

import org.springframework.context.SmartLifecycle;

/**
 * Starts the watchdog with the context, before the web server takes requests, and stops it after the server.
 */
class WatchdogLifecycle implements SmartLifecycle {

	/** Before the web server, which starts at {@code DEFAULT_PHASE - 1}. */
	static final int PHASE = Integer.MIN_VALUE + 1000;

	private final SchedulerWatchdog watchdog;

	WatchdogLifecycle(SchedulerWatchdog watchdog) {
		this.watchdog = watchdog;
	}

	@Override
	public void start() {
		this.watchdog.start();
	}

	@Override
	public void stop() {
		this.watchdog.stop();
	}

	@Override
	public boolean isRunning() {
		return this.watchdog.isRunning();
	}

	@Override
	public int getPhase() {
		return PHASE;
	}

}
