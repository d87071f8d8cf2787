package io.github.vtstarter.autoconfigure;

import java.lang.annotation.Annotation;
import java.util.Map;

import org.springframework.boot.autoconfigure.condition.ConditionMessage;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * The condition behind {@link ConditionalOnMissingBootSupport} and {@link ConditionalOnBootSupport}: compares
 * the running Boot's version with the release that brought native support for a piece.
 */
class OnBootSupportCondition extends SpringBootCondition {

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		boolean wantsSupport = metadata.isAnnotated(ConditionalOnBootSupport.class.getName());
		Class<? extends Annotation> annotation = wantsSupport ? ConditionalOnBootSupport.class
				: ConditionalOnMissingBootSupport.class;
		Map<String, Object> attributes = metadata.getAnnotationAttributes(annotation.getName());
		String since = (String) attributes.get("since");
		ConditionMessage.Builder message = ConditionMessage.forCondition(annotation, "(since " + since + ")");
		BootVersion boot = BootVersion.current();
		boolean supported = boot.isAtLeast(since);
		String reason = supported
				? "Spring Boot " + boot + " configures virtual threads for this itself (since " + since + ")"
				: "Spring Boot " + boot + " has no virtual-thread support for this (it came in " + since + ")";
		return (supported == wantsSupport) ? ConditionOutcome.match(message.because(reason))
				: ConditionOutcome.noMatch(message.because(reason));
	}

}
