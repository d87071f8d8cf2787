package io.github.vtstarter.archunit;

/**
 * What a {@link BlockingWhileSynchronizedRule} looks for, and on which Java versions a finding of
 * that kind pins a carrier thread. The wording of each finding's "applies to" clause lives here, so
 * that every message names the Java versions it is true for.
 */
enum RuleKind {

	/**
	 * Blocking calls while a monitor is held: pins on Java 21 to 23 only; JEP 491 (Java 24) lets a
	 * virtual thread unmount inside {@code synchronized}.
	 */
	BLOCKING_WHILE_SYNCHRONIZED(false, "applies to Java 21 to 23, where the virtual thread pins its carrier "
			+ "while it blocks (from Java 24 on, JEP 491, it unmounts; the monitor still serializes its callers)"),

	/**
	 * {@code Object.wait()} under its monitor: pins on Java 21 to 23 without a pinned event.
	 */
	OBJECT_WAIT(false, "applies to Java 21 to 23, where wait() pins the carrier without any jdk.VirtualThreadPinned "
			+ "event: the scheduler compensates by starting another carrier thread (up to "
			+ "jdk.virtualThreadScheduler.maxPoolSize, 256), so the carrier pool grows instead "
			+ "(from Java 24 on, JEP 491, wait() unmounts)"),

	/**
	 * Blocking calls while a monitor is held, flagged because callers queue on the monitor; opt-in,
	 * true on every Java.
	 */
	SERIALIZING(true, "applies to every Java: every other caller of this monitor waits until the blocking call "
			+ "returns, so the callers are serialized (on Java 21 to 23 the carrier is pinned as well)"),

	/**
	 * Blocking calls made by a class initializer: pins on every Java, JEP 491 does not cover class
	 * initialization.
	 */
	STATIC_INITIALIZER(true, "applies to every Java from 21 on (JEP 491 included): a virtual thread that runs a "
			+ "class initializer pins its carrier while it blocks, and every other thread that needs the class "
			+ "waits for the initializer");

	/**
	 * The first Java release whose {@code synchronized} no longer pins (JEP 491).
	 */
	static final int JEP_491 = 24;

	private final boolean everyJava;

	private final String appliesTo;

	RuleKind(boolean everyJava, String appliesTo) {
		this.everyJava = everyJava;
		this.appliesTo = appliesTo;
	}

	/**
	 * Whether findings of this kind are problems on the given Java version.
	 * @param javaVersion the Java feature version the application runs on
	 * @return whether the rule reports anything for that version
	 */
	boolean appliesTo(int javaVersion) {
		return this.everyJava || javaVersion < JEP_491;
	}

	String appliesToClause() {
		return this.appliesTo;
	}

}
