package io.github.vtstarter.autoconfigure.pinning;

import io.github.vtstarter.autoconfigure.DegradedFeatures;
import io.github.vtstarter.pinning.PinningMonitor;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationContextAware;
import org.springframework.context.ApplicationListener;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.ContextRefreshedEvent;

/**
 * Starts the {@link PinningMonitor} once the context has refreshed, in the background, and closes it (waiting for
 * its JFR thread) when the context stops. A monitor that cannot start (no Flight Recorder, a stream that fails)
 * does not stop the application: it is listed under {@code degraded} with one WARN.
 * <p>
 * After the refresh and in the background because the JVM's first Flight Recorder start took 0.3 to 0.6 s of the
 * application's time to ready when the context waited for it, and still 0.1 to 0.3 s when it ran beside the rest
 * of the start on a 2-core machine (docs/benchmarks.md, start-up). The price: pins in the moment between the
 * web server's start and the recording's are not seen; the endpoint says "starting" meanwhile.
 */
class PinningMonitorLifecycle implements SmartLifecycle, ApplicationListener<ContextRefreshedEvent>,
		ApplicationContextAware {

	private static final Log logger = LogFactory.getLog(PinningMonitorLifecycle.class);

	/** Early, so that it stops after the web server (which starts at {@code DEFAULT_PHASE - 1}). */
	static final int PHASE = Integer.MIN_VALUE + 1000;

	private final PinningMonitor monitor;

	private ApplicationContext context;

	private volatile boolean running;

	private volatile boolean refreshed;

	PinningMonitorLifecycle(PinningMonitor monitor) {
		this.monitor = monitor;
	}

	@Override
	public void setApplicationContext(ApplicationContext context) {
		this.context = context;
	}

	@Override
	public void start() {
		this.running = true;
		// A start after a stop (context.stop() then start()) has no refresh event to wait for.
		if (this.refreshed) {
			startMonitor();
		}
	}

	@Override
	public void onApplicationEvent(ContextRefreshedEvent event) {
		// A child context's refresh (a management server on its own port) reaches this listener too.
		if (event.getApplicationContext() != this.context) {
			return;
		}
		this.refreshed = true;
		if (this.running) {
			startMonitor();
		}
	}

	private void startMonitor() {
		this.monitor.startInBackground((reason) -> DegradedFeatures.record(logger, "the pinning monitor",
				new IllegalStateException(reason)));
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
