package io.github.vtstarter.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Fails a JUnit 5 test during which a virtual thread pinned its carrier: any
 * {@code jdk.VirtualThreadPinned} event of the JVM, on any thread (the test's own, a server's
 * request threads in {@code @SpringBootTest(webEnvironment = RANDOM_PORT)}, an executor's), between
 * the start and the end of the test method. The failure message carries the pinning stacks.
 * <pre class="code">
 * &#64;SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
 * &#64;ShouldNotPin
 * class OrderApiTests { ... }
 * </pre>
 * On a test class it applies to every test method; on a method it overrides the class's.
 * <p>
 * One JFR recording stream serves all tests of the JVM; it costs a few milliseconds per test
 * (see {@code docs/testing.md}). Tests that run in parallel see each other's pinning. On Java 17 to
 * 20 (no virtual threads) the test runs and is then reported as aborted (skipped) with the reason,
 * never as silently passed; on a JVM without Flight Recorder it fails.
 *
 * @see ShouldPin
 */
@Target({ ElementType.TYPE, ElementType.METHOD })
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(PinningAssertionExtension.class)
public @interface ShouldNotPin {

	/**
	 * Pinning shorter than this many milliseconds is ignored. The default, {@value #DEFAULT_THRESHOLD_MILLIS}, is
	 * the runtime pinning monitor's ({@code vtstarter.pinning.threshold}) and JFR's own for
	 * {@code jdk.VirtualThreadPinned}: the same test then agrees with production on every JDK, and the pins of
	 * a few milliseconds that loading a class on first use causes on JDK 24+ do not fail it. 0 catches every
	 * pinned block, however short.
	 * @return the threshold in milliseconds
	 */
	long thresholdMillis() default DEFAULT_THRESHOLD_MILLIS;

	/** The default threshold, in milliseconds: the runtime pinning monitor's and JFR's. */
	long DEFAULT_THRESHOLD_MILLIS = 20;

	/**
	 * How many pinning events (over the threshold) the test may cause before it fails.
	 * @return the number of tolerated events, 0 by default
	 */
	int atMost() default 0;

}
