package io.github.vtstarter.testsupport;

import io.github.vtstarter.autoconfigure.BootVersion;
import io.github.vtstarter.threads.VirtualThreads;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

class EnabledWithCondition implements ExecutionCondition {

	@Override
	public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
		EnabledWith annotation = context.getElement()
			.flatMap((element) -> AnnotationSupport.findAnnotation(element, EnabledWith.class))
			.orElse(null);
		if (annotation == null) {
			return ConditionEvaluationResult.enabled("no @EnabledWith");
		}
		boolean virtual = VirtualThreads.isSupported();
		boolean nativeBoot = BootVersion.current().hasNativeVirtualThreads();
		String runtime = "Java " + Runtime.version().feature() + ", Spring Boot " + BootVersion.current();
		boolean enabled = switch (annotation.value()) {
			case BACKPORT -> virtual && !nativeBoot;
			case BOOT_NATIVE -> virtual && nativeBoot;
			case VIRTUAL_THREADS -> virtual;
			case NO_VIRTUAL_THREADS -> !virtual;
		};
		return enabled ? ConditionEvaluationResult.enabled(annotation.value() + " on " + runtime)
				: ConditionEvaluationResult.disabled("needs " + annotation.value() + ", this is " + runtime);
	}

}
