package io.github.vtstarter.autoconfigure.condition;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.context.annotation.Conditional;

/**
 * Matches when virtual threads are switched on: {@code spring.threads.virtual.enabled} is not
 * {@code false} (with vt-starter present it defaults to {@code true}) and the runtime is Java 21 or later.
 * The outcome, with its reason, shows in the conditions report ({@code /actuator/conditions}).
 */
@Target({ ElementType.TYPE, ElementType.METHOD })
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Conditional(OnVirtualThreadsCondition.class)
public @interface ConditionalOnVirtualThreads {

}
