package io.github.vtstarter.autoconfigure.condition;

import io.github.vtstarter.autoconfigure.VirtualThreadsSwitch;
import io.github.vtstarter.threads.VirtualThreads;

import org.springframework.boot.autoconfigure.condition.ConditionMessage;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * The condition behind {@link ConditionalOnVirtualThreads}.
 */
class OnVirtualThreadsCondition extends SpringBootCondition {

	// By name: the annotation names this condition, not the other way round.
	private static final String ANNOTATION = "@ConditionalOnVirtualThreads";

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		ConditionMessage.Builder message = ConditionMessage.forCondition(ANNOTATION);
		if (!VirtualThreadsSwitch.isEnabled(context.getEnvironment())) {
			return ConditionOutcome.noMatch(message.because(VirtualThreadsSwitch.PROPERTY + " is false"));
		}
		if (!VirtualThreads.isSupported()) {
			return ConditionOutcome.noMatch(message.because(VirtualThreads.unsupportedMessage()));
		}
		return ConditionOutcome.match(message.because(VirtualThreadsSwitch.describe(context.getEnvironment())
				+ " and Java " + Runtime.version().feature() + " runs virtual threads"));
	}


}
