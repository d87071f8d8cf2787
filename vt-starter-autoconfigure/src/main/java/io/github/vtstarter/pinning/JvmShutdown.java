package io.github.vtstarter.pinning;

/**
 * Whether the JVM has begun to shut down. Flight Recorder must not be started then: once its own shutdown hook
 * has run, a recording that starts never returns from {@code JVM.beginRecording}, and closing it waits for that
 * start while holding up the shutdown hooks, so the JVM never exits (JDK-8373439, seen on JDK 21.0.8 and 25.0.3).
 */
final class JvmShutdown {

	private JvmShutdown() {
	}

	/**
	 * Asks the runtime the one way it answers: adding a shutdown hook fails once shutdown has begun.
	 * @return whether shutdown has begun
	 */
	static boolean inProgress() {
		Thread probe = new Thread(() -> {
		}, "vt-starter-shutdown-probe");
		try {
			Runtime.getRuntime().addShutdownHook(probe);
			Runtime.getRuntime().removeShutdownHook(probe);
			return false;
		}
		catch (IllegalStateException ex) {
			return true;
		}
	}

}
