package io.github.vtstarter.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Documents code that is expected to pin a virtual thread, and fails the test when it no longer
 * does: fewer than {@link #atLeast()} {@code jdk.VirtualThreadPinned} events during the test. Handy
 * to pin down a known problem until a library fixes it, and to notice when it did (or when the JDK
 * did: {@code synchronized} stops pinning on Java 24).
 *
 * @see ShouldNotPin
 */
@Target({ ElementType.TYPE, ElementType.METHOD })
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(PinningAssertionExtension.class)
public @interface ShouldPin {

	/**
	 * Pinning shorter than this many milliseconds does not count; by default
	 * {@value ShouldNotPin#DEFAULT_THRESHOLD_MILLIS}, as for {@link ShouldNotPin}. 0 counts all.
	 * @return the threshold in milliseconds
	 */
	long thresholdMillis() default ShouldNotPin.DEFAULT_THRESHOLD_MILLIS;

	/**
	 * How many pinning events (over the threshold) the test must cause at least.
	 * @return the minimum, 1 by default
	 */
	int atLeast() default 1;

}
