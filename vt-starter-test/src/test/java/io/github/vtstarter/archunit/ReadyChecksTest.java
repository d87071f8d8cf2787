package io.github.vtstarter.archunit;

import java.util.List;

import com.tngtech.archunit.lang.ArchRule;
import io.github.vtstarter.archunit.fixtures.guard.DoneFutures;
import org.junit.jupiter.api.Test;

import static io.github.vtstarter.archunit.FixtureSource.importClasses;
import static io.github.vtstarter.archunit.FixtureSource.location;
import static io.github.vtstarter.archunit.FixtureSource.violations;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * A future's {@code get()} or {@code join()} after its {@code isDone()} returned {@code true} does not block
 * (the catalogue's {@link BlockingCall#returnsAtOnceAfter(String)}), where the check held on every path to the
 * call and on what is one object all along; anywhere else it still blocks: a field that is not final, a call's
 * result in a loop, a variable set to another future after the check.
 */
class ReadyChecksTest {

	private static final String FUTURES = "Method <" + DoneFutures.class.getName() + ".";

	private static final ArchRule RULE = VirtualThreadRules.forJava(21).noBlockingCallsWhileSynchronized();

	@Test
	void aGetAfterTheFutureIsDoneIsNotAFinding() {
		List<String> violations = violations(RULE, importClasses(DoneFutures.class));
		for (String method : List.of("ifDone(", "unlessNotDone(", "finalFieldIfDone(", "joinIfDone(", "resultIfDone(",
				"checkedEitherWay(")) {
			assertThat(violations).noneMatch((violation) -> violation.startsWith(FUTURES + method));
		}
	}

	@Test
	void aGetWhereTheCheckDoesNotHoldIsReported() {
		List<String> violations = violations(RULE, importClasses(DoneFutures.class));
		for (String[] method : List.of(new String[] { "always(", "// gets without a check" },
				new String[] { "afterEitherBranch(", "// gets after either branch" },
				new String[] { "otherFuture(", "// gets another future" },
				new String[] { "whileNotDone(", "// gets while not done" },
				new String[] { "fieldIfDone(", "// gets a field that is not final" },
				new String[] { "previousInALoop(", "// gets the next one in a loop" },
				new String[] { "eachDone(", "// gets each in a loop" },
				new String[] { "doneKeptForAnother(", "// gets another than the one checked" },
				new String[] { "anotherNewOne(", "// gets another new one" },
				new String[] { "anotherObjectsField(", "// gets another object's field" })) {
			assertThat(violations).as(method[0]).anySatisfy((violation) -> assertThat(violation)
				.startsWith(FUTURES + method[0])
				.containsPattern("calls blocking method <java.util.concurrent.(Future|FutureTask).get\\(\\)>")
				.contains(location(DoneFutures.class, method[1])));
		}
	}

	@Test
	void aCheckIsAMethodName() {
		BlockingCall get = BlockingCall.of("com.acme.Job", "await");
		assertThat(get.returnsAtOnceAfter("isFinished").getReadyCheck()).isEqualTo("isFinished");
		assertThat(get.returnsAtOnceAfter("isFinished").because("waits for the job").getReadyCheck())
			.isEqualTo("isFinished");
		for (String bad : new String[] { null, " ", "isFinished()" }) {
			assertThatIllegalArgumentException().isThrownBy(() -> get.returnsAtOnceAfter(bad))
				.withMessageContaining("A method name such as isDone is required for com.acme.Job.await");
		}
	}

	@Test
	void theCatalogueSaysWhichCheckMakesACallReturnAtOnce() {
		BlockingCall get = BlockingCallCatalogue.defaults().find(java.util.Set.of("java.util.concurrent.Future"), "get");
		assertThat(get.getReadyCheck()).isEqualTo("isDone");
		assertThat(BlockingCallCatalogue.defaults().find(java.util.Set.of("java.util.concurrent.CountDownLatch"), "await")
			.getReadyCheck()).isNull();
	}

}
