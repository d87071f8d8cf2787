package io.github.vtstarter.test;

/**
 * Conditions for {@code @EnabledIf}, by Java feature release, so that the same tests run on 17, 21 and 25 (JUnit
 * 5.9's {@code JRE} enum, used with Boot 3.1, does not know the newer releases).
 */
public final class TestJdk {

	/** For {@code @EnabledIf}: virtual threads exist. */
	public static final String VIRTUAL_THREADS = "io.github.vtstarter.test.TestJdk#virtualThreads";

	/** For {@code @EnabledIf}: {@code synchronized} pins (JDK 21-23, before JEP 491). */
	public static final String SYNCHRONIZED_PINS = "io.github.vtstarter.test.TestJdk#synchronizedPins";

	/** For {@code @EnabledIf}: {@code synchronized} no longer pins (JDK 24+). */
	public static final String SYNCHRONIZED_DOES_NOT_PIN = "io.github.vtstarter.test.TestJdk#synchronizedDoesNotPin";

	/** For {@code @EnabledIf}: no virtual threads (Java 17-20). */
	public static final String NO_VIRTUAL_THREADS = "io.github.vtstarter.test.TestJdk#noVirtualThreads";

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

}
