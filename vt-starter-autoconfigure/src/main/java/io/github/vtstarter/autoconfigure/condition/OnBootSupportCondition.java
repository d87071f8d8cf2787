package io.github.vtstarter.autoconfigure.condition;

import java.util.Map;

import io.github.vtstarter.autoconfigure.BootVersion;

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

	// By name: the annotations name this condition, not the other way round.
	private static final String BOOT_SUPPORT = "io.github.vtstarter.autoconfigure.condition.ConditionalOnBootSupport";

	private static final String MISSING_BOOT_SUPPORT = "io.github.vtstarter.autoconfigure.condition."
			+ "ConditionalOnMissingBootSupport";

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		boolean wantsSupport = metadata.isAnnotated(BOOT_SUPPORT);
		String annotation = wantsSupport ? BOOT_SUPPORT : MISSING_BOOT_SUPPORT;
		Map<String, Object> attributes = metadata.getAnnotationAttributes(annotation);
		String since = (String) attributes.get("since");
		ConditionMessage.Builder message = ConditionMessage
			.forCondition("@" + annotation.substring(annotation.lastIndexOf('.') + 1), "(since " + since + ")");
		BootVersion boot = BootVersion.current();
		boolean supported = boot.isAtLeast(since);
		String reason = supported
				? "Spring Boot " + boot + " configures virtual threads for this itself (since " + since + ")"
				: "Spring Boot " + boot + " has no virtual-thread support for this (it came in " + since + ")";
		return (supported == wantsSupport) ? ConditionOutcome.match(message.because(reason))
				: ConditionOutcome.noMatch(message.because(reason));
	}

}
