package io.github.vtstarter.autoconfigure.keepalive;

import io.github.vtstarter.autoconfigure.BootVersion;
import io.github.vtstarter.autoconfigure.BooleanProperty;
import io.github.vtstarter.autoconfigure.VirtualThreadsSwitch;
import io.github.vtstarter.threads.VirtualThreads;

import org.springframework.boot.autoconfigure.condition.ConditionMessage;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Decides whether vt-starter keeps the JVM alive:
 * <ul>
 * <li>{@code spring.main.keep-alive=false}: never;</li>
 * <li>{@code spring.main.keep-alive=true}: on Boot 3.1, always (the property is backported); on Boot 3.2+
 * Boot's own keep-alive thread does it, so not here;</li>
 * <li>not set: while virtual threads are on (switch on and Java 21+), for an application with scheduled or
 * asynchronous work ({@link KeepAliveThread.Start#WHEN_BACKGROUND_WORK}).</li>
 * </ul>
 */
class KeepAliveCondition extends SpringBootCondition {

	static final String PROPERTY = "spring.main.keep-alive";

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		ConditionMessage.Builder message = ConditionMessage.forCondition("vt-starter keep-alive");
		Environment environment = context.getEnvironment();
		Boolean keepAlive = BooleanProperty.read(environment, PROPERTY);
		if (Boolean.FALSE.equals(keepAlive)) {
			return ConditionOutcome.noMatch(message.because(PROPERTY + " is false"));
		}
		BootVersion boot = BootVersion.current();
		if (Boolean.TRUE.equals(keepAlive)) {
			if (boot.hasNativeVirtualThreads()) {
				return ConditionOutcome.noMatch(message.because(PROPERTY + " is true and Spring Boot " + boot
						+ " keeps the JVM alive itself"));
			}
			return ConditionOutcome.match(message.because(PROPERTY + " is true (backported to Spring Boot " + boot + ")"));
		}
		if (!VirtualThreadsSwitch.isEnabled(environment)) {
			return ConditionOutcome.noMatch(message.because(VirtualThreadsSwitch.PROPERTY + " is false"));
		}
		if (!VirtualThreads.isSupported()) {
			return ConditionOutcome.noMatch(message.because(VirtualThreads.unsupportedMessage()));
		}
		return ConditionOutcome.match(message
			.because(PROPERTY + " is not set and virtual threads are on, whose threads are daemon threads (kept alive "
					+ "once @Scheduled methods or the application task executor have work)"));
	}

}
