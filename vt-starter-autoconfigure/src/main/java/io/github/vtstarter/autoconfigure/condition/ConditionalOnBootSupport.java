package io.github.vtstarter.autoconfigure.condition;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.context.annotation.Conditional;

/**
 * Matches when the running Spring Boot configures the annotated piece itself: the twin of
 * {@link ConditionalOnMissingBootSupport}. The starter then only adds to what Boot built (it counts Boot's
 * executors, for example).
 * <p>
 * Decided by Boot's version rather than by a class of Boot's: classes move between Boot lines
 * ({@code Threading} left {@code org.springframework.boot.autoconfigure.thread} in Boot 4), versions do not.
 */
@Target({ ElementType.TYPE, ElementType.METHOD })
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Conditional(OnBootSupportCondition.class)
public @interface ConditionalOnBootSupport {

	/**
	 * The Boot release that added native virtual-thread support for this piece, for example {@code "3.2"}.
	 * @return a {@code major.minor} version
	 */
	String since();

}
