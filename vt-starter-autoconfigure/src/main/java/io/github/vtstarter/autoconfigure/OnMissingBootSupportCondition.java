package io.github.vtstarter.autoconfigure;

import org.springframework.boot.autoconfigure.condition.ConditionMessage;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * The condition behind {@link ConditionalOnMissingBootSupport}.
 */
class OnMissingBootSupportCondition extends SpringBootCondition {

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		String since = (String) metadata.getAnnotationAttributes(ConditionalOnMissingBootSupport.class.getName())
			.get("since");
		ConditionMessage.Builder message = ConditionMessage.forCondition(ConditionalOnMissingBootSupport.class,
				"(since " + since + ")");
		BootVersion boot = BootVersion.current();
		if (boot.isAtLeast(since)) {
			return ConditionOutcome.noMatch(message
				.because("Spring Boot " + boot + " configures virtual threads for this itself (since " + since + ")"));
		}
		return ConditionOutcome.match(message
			.because("Spring Boot " + boot + " has no virtual-thread support for this (it came in " + since + ")"));
	}

}
