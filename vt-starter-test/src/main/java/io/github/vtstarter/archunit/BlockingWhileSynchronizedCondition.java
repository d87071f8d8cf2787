package io.github.vtstarter.archunit;

import java.util.Collection;
import java.util.Map;
import java.util.Set;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;

/**
 * The condition behind {@link BlockingWhileSynchronizedRule}: analyses all classes the rule is
 * evaluated on in {@link #init(Collection)} (transitive calls need all of them), then reports each
 * class's violations when ArchUnit checks that class.
 */
final class BlockingWhileSynchronizedCondition extends ArchCondition<JavaClass> {

	private final MonitorAnalysis analysis;

	private final DescribedPredicate<? super JavaClass> ignored;

	private final RuleKind kind;

	private final int javaVersion;

	// Per thread, because a rule held in a static field may be evaluated by parallel test threads.
	private final ThreadLocal<Map<String, Set<String>>> violations = new ThreadLocal<>();

	BlockingWhileSynchronizedCondition(String description, MonitorAnalysis analysis,
			DescribedPredicate<? super JavaClass> ignored, RuleKind kind, int javaVersion) {
		super(description);
		this.analysis = analysis;
		this.ignored = ignored;
		this.kind = kind;
		this.javaVersion = javaVersion;
	}

	@Override
	public void init(Collection<JavaClass> allObjectsToTest) {
		int version = (this.javaVersion > 0) ? this.javaVersion : VirtualThreadRules.configuredJavaVersion();
		if (!this.kind.appliesTo(version)) {
			// Java 24+ (JEP 491): what this rule looks for no longer pins; nothing to analyse.
			this.violations.set(Map.of());
			return;
		}
		this.violations.set(this.analysis.analyse(allObjectsToTest, (javaClass) -> !this.ignored.test(javaClass)));
	}

	@Override
	public void check(JavaClass javaClass, ConditionEvents events) {
		Map<String, Set<String>> all = this.violations.get();
		Set<String> messages = (all != null) ? all.get(javaClass.getName()) : null;
		if (messages != null) {
			for (String message : messages) {
				events.add(SimpleConditionEvent.violated(javaClass, message));
			}
		}
	}

	@Override
	public void finish(ConditionEvents events) {
		this.violations.remove();
	}

}
