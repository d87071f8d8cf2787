package io.github.vtstarter.testsupport;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What a whole test class needs (a server binary, Java 21), checked before anything of the class runs: when a
 * check fails the class is disabled with the check's reason (which says what to install), so its
 * {@code @BeforeAll} does not try to start the missing server, surefire reports each of its tests as skipped with
 * that reason, and the summary printed at the end of the run ({@link SkippedTestsSummary}) lists them. An
 * assumption in a static {@code @BeforeAll} instead aborts the class before its first test: surefire says
 * "Tests run: 0", with no reason.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(PreconditionExtension.class)
public @interface Precondition {

	/**
	 * @return the checks, each with a public no-argument constructor; all must hold
	 */
	Class<? extends Check>[] value();

	/** One thing a test class needs. */
	interface Check {

		/**
		 * @return {@code null} when it holds; otherwise why not and how to get it, shown as the skip reason
		 */
		String unmet();

	}

	/** Java 21 or later: virtual threads exist. */
	final class VirtualThreads implements Check {

		@Override
		public String unmet() {
			int feature = Runtime.version().feature();
			return (feature >= 21) ? null : "needs Java 21+ (virtual threads); this is Java " + feature;
		}

	}

}
