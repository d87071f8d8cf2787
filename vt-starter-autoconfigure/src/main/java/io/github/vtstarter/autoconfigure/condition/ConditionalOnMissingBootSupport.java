package io.github.vtstarter.autoconfigure.condition;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.context.annotation.Conditional;

/**
 * Matches when the running Spring Boot is older than the release that configures the annotated piece
 * itself. This is how the starter "leaves to Boot what Boot does": on Boot 3.2+ the Tomcat, Jetty, task
 * and scheduling backports step aside, on 3.4+ the Undertow one too.
 */
@Target({ ElementType.TYPE, ElementType.METHOD })
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Conditional(OnBootSupportCondition.class)
public @interface ConditionalOnMissingBootSupport {

	/**
	 * The Boot release that added native virtual-thread support for this piece, for example {@code "3.2"}.
	 * @return a {@code major.minor} version
	 */
	String since();

}
