package io.github.vtstarter.archunit;

import com.tngtech.archunit.ArchConfiguration;
import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchRule;

/**
 * ArchUnit rules that fail the build on code that pins virtual threads, in the manner of
 * ArchUnit's {@code GeneralCodingRules}.
 * <p>
 * What pins depends on the Java version the application runs on. On Java 21 to 23 a virtual
 * thread that blocks while it holds a monitor (inside a {@code synchronized} method or block, or in
 * {@code Object.wait()}) stays mounted on its carrier thread; with as many carriers as cores, a
 * handful of such calls stalls every virtual thread of the application. From Java 24 on (JEP 491)
 * it unmounts, but a class initializer ({@code <clinit>}) that blocks still pins on every Java.
 * These rules read the bytecode of the analysed classes, find the code that runs under a monitor
 * or in a class initializer, and follow its calls through the analysed classes to blocking calls of
 * the {@link BlockingCallCatalogue}.
 * <p>
 * The constants judge for the Java version set in {@code archunit.properties} as
 * {@code vtstarter.java.version=25} (default 21, the oldest Java with virtual threads);
 * {@link #forJava(int)} names it in code.
 * <pre class="code">
 * &#64;AnalyzeClasses(packages = "com.acme", importOptions = ImportOption.DoNotIncludeTests.class)
 * class PinningRulesTest {
 *
 * 	&#64;ArchTest
 * 	static final ArchRule noBlockingCallsWhileSynchronized = VirtualThreadRules.NO_BLOCKING_CALLS_WHILE_SYNCHRONIZED;
 *
 * }
 * </pre>
 */
public final class VirtualThreadRules {

	/**
	 * How many calls deep the rules follow calls made under a monitor by default.
	 */
	public static final int DEFAULT_MAX_DEPTH = 5;

	/**
	 * The {@code archunit.properties} key of the Java feature version the application runs on.
	 */
	public static final String JAVA_VERSION_PROPERTY = "vtstarter.java.version";

	/**
	 * The Java version the rules judge for unless told otherwise: 21, the oldest with virtual threads.
	 */
	public static final int DEFAULT_JAVA_VERSION = 21;

	/**
	 * No blocking call of the {@link BlockingCallCatalogue#defaults() default catalogue} may be
	 * made while a monitor is held, directly or through up to {@value #DEFAULT_MAX_DEPTH} calls of
	 * the analysed classes. Pins on Java 21 to 23; reports nothing when the configured Java is 24 or
	 * later (JEP 491), see {@link JavaVersionRules#noMonitorHeldAcrossBlockingCalls()} there.
	 */
	public static final ArchRule NO_BLOCKING_CALLS_WHILE_SYNCHRONIZED = noBlockingCallsWhileSynchronized();

	/**
	 * {@code Object.wait()} may not be called: it runs only while its object's monitor is held and
	 * pins the carrier on Java 21 to 23, so {@code synchronized}/{@code wait()}/{@code notify()}
	 * should become a {@code ReentrantLock} and a {@code Condition}. Violations name the region
	 * that holds the monitor when it is found in the analysed classes, the call itself otherwise.
	 * Reports nothing when the configured Java is 24 or later (JEP 491).
	 */
	public static final ArchRule NO_OBJECT_WAIT_WHILE_SYNCHRONIZED = noObjectWaitWhileSynchronized();

	/**
	 * No class initializer ({@code static} fields and blocks, {@code <clinit>}) may make a blocking
	 * call, directly or through up to {@value #DEFAULT_MAX_DEPTH} calls of the analysed classes: a
	 * virtual thread blocked in a class initializer pins its carrier on every Java, JEP 491
	 * included, and every thread that needs the class waits for it.
	 */
	public static final ArchRule NO_BLOCKING_CALLS_IN_STATIC_INITIALIZERS = noBlockingCallsInStaticInitializers();

	private VirtualThreadRules() {
	}

	/**
	 * The rules for the Java version the application runs on.
	 * @param javaVersion the Java feature version, 21 or later
	 * @return the rule set
	 */
	public static JavaVersionRules forJava(int javaVersion) {
		return new JavaVersionRules(checkedJavaVersion(javaVersion));
	}

	/**
	 * Which jars of this JVM's class path hold code that pins virtual threads on the Java of
	 * {@code archunit.properties} (default 21), ranked, with counts per jar and version and the
	 * worst findings: {@code System.out.println(VirtualThreadRules.auditClasspath())}.
	 * @return the audit
	 */
	public static ClasspathAudit auditClasspath() {
		return auditClasspath(configuredJavaVersion());
	}

	/**
	 * Like {@link #auditClasspath()}, for the given Java version.
	 * @param javaVersion the Java feature version, 21 or later
	 * @return the audit
	 */
	public static ClasspathAudit auditClasspath(int javaVersion) {
		return ClasspathAudit.of(javaVersion, ClasspathAudit.split(System.getProperty("java.class.path")));
	}

	/**
	 * A rule like {@link #NO_BLOCKING_CALLS_WHILE_SYNCHRONIZED} that can be customised.
	 * @return the rule with the default catalogue and depth
	 */
	public static BlockingWhileSynchronizedRule noBlockingCallsWhileSynchronized() {
		return rule(BlockingCallCatalogue.defaults(), RuleKind.BLOCKING_WHILE_SYNCHRONIZED, 0);
	}

	/**
	 * A rule like {@link #NO_OBJECT_WAIT_WHILE_SYNCHRONIZED} that can be customised.
	 * @return the rule with the default depth
	 */
	public static BlockingWhileSynchronizedRule noObjectWaitWhileSynchronized() {
		return rule(BlockingCallCatalogue.objectWait(), RuleKind.OBJECT_WAIT, 0);
	}

	/**
	 * A rule like {@link #NO_BLOCKING_CALLS_IN_STATIC_INITIALIZERS} that can be customised.
	 * @return the rule with the default catalogue and depth
	 */
	public static BlockingWhileSynchronizedRule noBlockingCallsInStaticInitializers() {
		return rule(BlockingCallCatalogue.defaults(), RuleKind.STATIC_INITIALIZER, 0);
	}

	/**
	 * An opt-in rule for every Java: no monitor may be held across a blocking call, because every
	 * other caller of the monitor waits for that call. On Java 24+ this is what remains of
	 * {@link #NO_BLOCKING_CALLS_WHILE_SYNCHRONIZED}: not pinning, but serialized callers.
	 * @return the rule with the default catalogue and depth
	 */
	public static BlockingWhileSynchronizedRule noMonitorHeldAcrossBlockingCalls() {
		// wait() releases the monitor while it waits, so it serializes nobody.
		return rule(BlockingCallCatalogue.defaults().without("java.lang.Object", "wait"), RuleKind.SERIALIZING, 0);
	}

	static BlockingWhileSynchronizedRule rule(BlockingCallCatalogue catalogue, RuleKind kind, int javaVersion) {
		return new BlockingWhileSynchronizedRule(catalogue, DEFAULT_MAX_DEPTH, DescribedPredicate.<JavaClass>alwaysFalse(),
				kind, javaVersion);
	}

	/**
	 * The Java version of {@code archunit.properties}, read each time so that a test may set it.
	 * @return the configured Java feature version, {@value #DEFAULT_JAVA_VERSION} when unset
	 */
	static int configuredJavaVersion() {
		String value = ArchConfiguration.get().getPropertyOrDefault(JAVA_VERSION_PROPERTY,
				String.valueOf(DEFAULT_JAVA_VERSION));
		try {
			return checkedJavaVersion(Integer.parseInt(value.trim()));
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException(JAVA_VERSION_PROPERTY + " in archunit.properties must be a Java feature "
					+ "version such as 21 or 25, but was '" + value + "'", ex);
		}
	}

	static int checkedJavaVersion(int javaVersion) {
		if (javaVersion < DEFAULT_JAVA_VERSION) {
			throw new IllegalArgumentException("Virtual threads need Java 21 or later; the rules cannot judge for Java "
					+ javaVersion);
		}
		return javaVersion;
	}

}
