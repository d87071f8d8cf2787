package io.github.vtstarter.testsupport;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs a test only on the runtime it is about. The suite runs on Java 17, 21 and 25 and against Boot
 * 3.1 and 3.5: a test that cannot mean anything on one of them is skipped there, with the reason.
 */
@Target({ ElementType.TYPE, ElementType.METHOD })
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(EnabledWithCondition.class)
public @interface EnabledWith {

	Runtime value();

	enum Runtime {

		/** Java 21+ on a Boot without native virtual threads (3.1): the backport is at work. */
		BACKPORT,

		/** Java 21+ on Boot 3.2+: Boot's native support is at work. */
		BOOT_NATIVE,

		/** Java 21+, any Boot. */
		VIRTUAL_THREADS,

		/** Java 17-20: the starter must step aside. */
		NO_VIRTUAL_THREADS

	}

}
