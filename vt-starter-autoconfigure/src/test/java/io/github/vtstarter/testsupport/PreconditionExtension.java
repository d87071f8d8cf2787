package io.github.vtstarter.testsupport;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Evaluates a class's {@link Precondition} before anything of the class runs, and disables the whole class with
 * the first failed check's reason. Surefire then reports each of its tests as skipped with that reason, and
 * {@link SkippedTestsSummary} counts them.
 */
class PreconditionExtension implements ExecutionCondition {

	@Override
	public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
		if (context.getTestMethod().isPresent()) {
			return ConditionEvaluationResult.enabled("decided for the class");
		}
		Precondition precondition = context.getTestClass()
			.flatMap((type) -> AnnotationSupport.findAnnotation(type, Precondition.class))
			.orElse(null);
		if (precondition == null) {
			return ConditionEvaluationResult.enabled("no precondition");
		}
		for (Class<? extends Precondition.Check> check : precondition.value()) {
			String reason;
			try {
				reason = check.getDeclaredConstructor().newInstance().unmet();
			}
			catch (ReflectiveOperationException ex) {
				throw new IllegalStateException("cannot create " + check.getName(), ex);
			}
			if (reason != null) {
				return ConditionEvaluationResult.disabled(reason);
			}
		}
		return ConditionEvaluationResult.enabled("preconditions hold");
	}

}
