package io.github.vtstarter.archunit;

import java.util.List;

import com.tngtech.archunit.lang.ArchRule;
import io.github.vtstarter.archunit.fixtures.construction.BatchStatement;
import io.github.vtstarter.archunit.fixtures.construction.ServerStatement;
import io.github.vtstarter.archunit.fixtures.construction.Statement;
import org.junit.jupiter.api.Test;

import static io.github.vtstarter.archunit.FixtureSource.importClasses;
import static io.github.vtstarter.archunit.FixtureSource.location;
import static io.github.vtstarter.archunit.FixtureSource.violations;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * In a constructor, and in a private method only constructors call, {@code this} is an object whose
 * constructor ran that constructor (issue 23): a subclass whose constructors never do, through
 * {@code super(...)} or {@code this(...)}, is not what a call on {@code this} dispatches to there.
 */
class ConstructionTest {

	private static final String STATEMENT = Statement.class.getName();

	private static final ArchRule RULE = VirtualThreadRules.forJava(21).noBlockingCallsWhileSynchronized();

	private static List<String> statements() {
		return violations(RULE, importClasses(Statement.class, ServerStatement.class, BatchStatement.class));
	}

	@Test
	void aHelperOfConstructorsThatASubclassNeverRunsDoesNotDispatchToIt() {
		assertThat(statements()).noneMatch((violation) -> violation.startsWith("Method <" + STATEMENT + ".prepare()>"));
	}

	@Test
	void aConstructorThatASubclassNeverRunsDoesNotDispatchToIt() {
		assertThat(statements())
			.noneMatch((violation) -> violation.startsWith("Constructor <" + STATEMENT + ".<init>(java.lang.String, boolean)>"));
	}

	@Test
	void aSubclassThatRunsTheConstructorThroughThisAndSuperIsFollowed() {
		assertThat(statements()).anySatisfy((violation) -> assertThat(violation)
			.startsWith("Method <" + STATEMENT + ".bind()>")
			.contains("<" + STATEMENT + ".flush()> implemented by <" + BatchStatement.class.getName() + ".flush()> in "
					+ location(Statement.class, "// bind flushes"))
			.doesNotContain(ServerStatement.class.getName()));
	}

	@Test
	void aHelperThatOtherCodeCallsTooDispatchesToEverySubclass() {
		assertThat(statements()).anySatisfy((violation) -> assertThat(violation)
			.startsWith("Method <" + STATEMENT + ".reset()>")
			.contains("implemented by <" + ServerStatement.class.getName() + ".clear()> in "
					+ location(Statement.class, "// reset clears")));
	}

	@Test
	void aHelperThatAMethodReferenceRunsDispatchesToEverySubclass() {
		assertThat(statements()).anySatisfy((violation) -> assertThat(violation)
			.startsWith("Method <" + STATEMENT + ".rewind()>")
			.contains("implemented by <" + ServerStatement.class.getName() + ".clear()> in "
					+ location(Statement.class, "// rewind clears")));
	}

	@Test
	void aPublicMethodThatOnlyConstructorsCallDispatchesToEverySubclass() {
		assertThat(statements()).anySatisfy((violation) -> assertThat(violation)
			.startsWith("Method <" + STATEMENT + ".open()>")
			.contains("implemented by <" + ServerStatement.class.getName() + ".clear()> in "
					+ location(Statement.class, "// open clears")));
	}

	@Test
	void aHelperThatANestedClassCallsDispatchesToEverySubclass() {
		assertThat(violations(RULE, importClasses(Statement.class, Statement.Pool.class, ServerStatement.class,
				BatchStatement.class)))
			.anySatisfy((violation) -> assertThat(violation).startsWith("Method <" + STATEMENT + ".recycle()>")
				.contains("implemented by <" + ServerStatement.class.getName() + ".clear()> in "
						+ location(Statement.class, "// recycle clears")));
	}

	@Test
	void aHelperThatNoCodeCallsDispatchesToEverySubclass() {
		assertThat(statements()).anySatisfy((violation) -> assertThat(violation)
			.startsWith("Method <" + STATEMENT + ".unused()>")
			.contains("implemented by <" + ServerStatement.class.getName() + ".clear()> in "
					+ location(Statement.class, "// unused clears")));
	}

}
