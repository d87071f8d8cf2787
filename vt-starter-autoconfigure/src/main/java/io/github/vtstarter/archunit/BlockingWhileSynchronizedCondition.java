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

	// Per thread, because a rule held in a static field may be evaluated by parallel test threads.
	private final ThreadLocal<Map<String, Set<String>>> violations = new ThreadLocal<>();

	BlockingWhileSynchronizedCondition(String description, MonitorAnalysis analysis,
			DescribedPredicate<? super JavaClass> ignored) {
		super(description);
		this.analysis = analysis;
		this.ignored = ignored;
	}

	@Override
	public void init(Collection<JavaClass> allObjectsToTest) {
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
