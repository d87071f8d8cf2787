package io.github.vtstarter.pinning;

/**
 * Conditions for {@code @EnabledIf}, by Java feature release, so that the same suite runs on 17, 21 and 25 (JUnit
 * 5.9's {@code JRE} enum, used with Boot 3.1, does not know the newer releases).
 */
public final class TestJdk {

	/** For {@code @EnabledIf}: virtual threads exist. */
	public static final String VIRTUAL_THREADS = "io.github.vtstarter.pinning.TestJdk#virtualThreads";

	/** For {@code @EnabledIf}: {@code synchronized} pins (JDK 21-23, before JEP 491). */
	public static final String SYNCHRONIZED_PINS = "io.github.vtstarter.pinning.TestJdk#synchronizedPins";

	/** For {@code @EnabledIf}: {@code synchronized} no longer pins (JDK 24+). */
	public static final String SYNCHRONIZED_DOES_NOT_PIN = "io.github.vtstarter.pinning.TestJdk#synchronizedDoesNotPin";

	/** For {@code @EnabledIf}: no virtual threads (Java 17-20). */
	public static final String NO_VIRTUAL_THREADS = "io.github.vtstarter.pinning.TestJdk#noVirtualThreads";

	private TestJdk() {
	}

	public static boolean virtualThreads() {
		return feature() >= 21;
	}

	public static boolean noVirtualThreads() {
		return feature() < 21;
	}

	public static boolean synchronizedPins() {
		return feature() >= 21 && feature() < 24;
	}

	public static boolean synchronizedDoesNotPin() {
		return feature() >= 24;
	}

	public static int feature() {
		return Runtime.version().feature();
	}

	/**
	 * The live threads of JFR streams. Compare sets: cached test contexts keep their own monitors running.
	 * @return the threads
	 */
	public static java.util.Set<Thread> jfrStreamThreads() {
		return Thread.getAllStackTraces()
			.keySet()
			.stream()
			.filter((thread) -> thread.getName().equals(JfrPinningEventSource.THREAD_NAME))
			.collect(java.util.stream.Collectors.toSet());
	}

	/**
	 * The JFR stream threads started since {@code before}. Tests that share a JVM (Surefire forks, PIT's
	 * coverage pass) have other monitors whose threads may end meanwhile, so compare what was added, not sizes.
	 * @param before the threads seen before
	 * @return the threads alive now that were not alive before
	 */
	public static java.util.Set<Thread> jfrStreamThreadsSince(java.util.Set<Thread> before) {
		java.util.Set<Thread> added = jfrStreamThreads();
		added.removeAll(before);
		return added;
	}

	/**
	 * Waits until every JFR stream thread started since {@code before} has ended. A close that returns before
	 * its thread has (its join is bounded, and a loaded CI machine can outlast it) is not a leak; a thread that
	 * is still there after ten seconds is.
	 * @param before the threads seen before
	 */
	public static void awaitJfrStreamThreadsEnded(java.util.Set<Thread> before) {
		Eventually.await(java.time.Duration.ofSeconds(10), () -> jfrStreamThreadsSince(before).isEmpty());
	}

}
