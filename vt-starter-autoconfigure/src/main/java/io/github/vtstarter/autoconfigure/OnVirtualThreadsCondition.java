package io.github.vtstarter.autoconfigure;

import io.github.vtstarter.threads.VirtualThreads;

import org.springframework.boot.autoconfigure.condition.ConditionMessage;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * The condition behind {@link ConditionalOnVirtualThreads}.
 */
class OnVirtualThreadsCondition extends SpringBootCondition {

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		ConditionMessage.Builder message = ConditionMessage.forCondition(ConditionalOnVirtualThreads.class);
		if (!VirtualThreadsSwitch.isEnabled(context.getEnvironment())) {
			return ConditionOutcome.noMatch(message.because(VirtualThreadsSwitch.PROPERTY + " is false"));
		}
		if (!VirtualThreads.isSupported()) {
			return ConditionOutcome.noMatch(message.because(VirtualThreads.unsupportedMessage()));
		}
		return ConditionOutcome.match(message.because(VirtualThreadsSwitch.describe(context.getEnvironment())
				+ " and Java " + Runtime.version().feature() + " runs virtual threads"));
	}

	static boolean matches(Environment environment) {
		return VirtualThreadsSwitch.isEnabled(environment) && VirtualThreads.isSupported();
	}

}
