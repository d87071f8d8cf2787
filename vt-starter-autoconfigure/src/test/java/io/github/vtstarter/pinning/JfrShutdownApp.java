package io.github.vtstarter.pinning;

import java.time.Duration;

import jdk.jfr.FlightRecorder;

/**
 * A JVM whose pinning monitor is started after shutdown has begun and Flight Recorder's own shutdown hook has run,
 * as when a SIGTERM overtakes the monitor's background start. Started by {@link PinningMonitorShutdownTests}; it
 * must exit.
 */
public final class JfrShutdownApp {

	private JfrShutdownApp() {
	}

	public static void main(String[] args) {
		// Flight Recorder initialised before shutdown: its shutdown hook is registered and runs first.
		FlightRecorder.getFlightRecorder();
		PinningMonitor monitor = new PinningMonitor(Duration.ofMillis(20), 10);
		Runtime.getRuntime().addShutdownHook(new Thread(() -> {
			try {
				Thread.sleep(500);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			monitor.start();
			System.out.println("started during shutdown: " + monitor.getUnavailableReason());
			monitor.close();
			System.out.println("closed");
		}, "late-start"));
		System.out.println("exiting");
		System.exit(0);
	}

}
