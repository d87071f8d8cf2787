package io.github.vtstarter.archunit;

import java.util.List;

import com.tngtech.archunit.lang.ArchRule;
import io.github.vtstarter.archunit.fixtures.guard.Bounds;
import io.github.vtstarter.archunit.fixtures.guard.Closer;
import io.github.vtstarter.archunit.fixtures.guard.Results;
import io.github.vtstarter.archunit.fixtures.guard.Waits;
import org.junit.jupiter.api.Test;

import static io.github.vtstarter.archunit.FixtureSource.importClasses;
import static io.github.vtstarter.archunit.FixtureSource.location;
import static io.github.vtstarter.archunit.FixtureSource.violations;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A call whose {@code int} or {@code boolean} argument is a constant does not reach the calls in its
 * callee's branches that this constant rules out (issue 23): a {@code switch} or an {@code if} on the
 * parameter, also when the callee passes the parameter on. Where the argument is not a constant,
 * every branch counts.
 */
class ConstantArgumentsTest {

	private static final String RESULTS = "Method <" + Results.class.getName() + ".";

	private static final ArchRule RULE = VirtualThreadRules.forJava(21).noBlockingCallsWhileSynchronized();

	@Test
	void aConstantThatRulesTheBranchOutIsNotAFinding() {
		List<String> violations = violations(RULE, importClasses(Results.class));
		for (String method : List.of("readOnly()", "readOnlyWithIf()", "nonBlockingFill()", "quickFill()",
				"openFirst()")) {
			assertThat(violations).noneMatch((violation) -> violation.startsWith(RESULTS + method));
		}
	}

	@Test
	void aConstantThatTakesTheBranchIsReportedWithTheChain() {
		List<String> violations = violations(RULE, importClasses(Results.class));
		assertThat(violations).anySatisfy((violation) -> assertThat(violation).startsWith(RESULTS + "updatable()")
			.contains("calls blocking method <java.io.FileInputStream.<init>(java.lang.String)> through <"
					+ Results.class.getName() + ".create(int)>")
			.contains(location(Results.class, "// creates updatable")));
		assertThat(violations).anySatisfy((violation) -> assertThat(violation).startsWith(RESULTS + "updatableWithIf()")
			.contains(location(Results.class, "// updatable through the if")));
		assertThat(violations).anySatisfy((violation) -> assertThat(violation).startsWith(RESULTS + "slowFill()")
			.contains(location(Results.class, "// fills slowly")));
		assertThat(violations).anySatisfy((violation) -> assertThat(violation).startsWith(RESULTS + "openThird()")
			.contains(location(Results.class, "// opens the third")));
	}

	@Test
	void aParameterPassedOnCarriesTheConstant() {
		assertThat(violations(RULE, importClasses(Results.class)))
			.anySatisfy((violation) -> assertThat(violation).startsWith(RESULTS + "blockingFill()")
				.contains("through <" + Results.class.getName() + ".fillVia(boolean)>")
				.contains("-> <" + Results.class.getName() + ".fill(boolean)>")
				.contains(location(Results.class, "// fills blocking")));
	}

	@Test
	void aFlagNarrowedInPlaceWhileTrueStaysFalseForACallerThatPassesFalse() {
		String closer = "Method <" + Closer.class.getName() + ".";
		List<String> violations = violations(RULE, importClasses(Closer.class));
		assertThat(violations).noneMatch((violation) -> violation.startsWith(closer + "keepResults()"));
		assertThat(violations).noneMatch((violation) -> violation.startsWith(closer + "nothingToDrain()"));
		assertThat(violations).noneMatch((violation) -> violation.startsWith(closer + "keepAfterAll()"));
		// A word that is one of two parameters implies neither.
		assertThat(violations).anySatisfy((violation) -> assertThat(violation).startsWith(closer + "eitherFlag()")
			.contains(location(Closer.class, "// the first flag")));
		assertThat(violations).anySatisfy((violation) -> assertThat(violation).startsWith(closer + "closeWithResults()")
			.contains(location(Closer.class, "// with its results")));
		assertThat(violations).anySatisfy((violation) -> assertThat(violation).startsWith(closer + "drainAll()")
			.contains(location(Closer.class, "// drains all")));
		// Set again whatever it was: the caller's false says nothing about the stored value.
		assertThat(violations).anySatisfy((violation) -> assertThat(violation).startsWith(closer + "keepButReset()")
			.contains(location(Closer.class, "// reset flag")));
	}

	@Test
	void aConstantOnTheOtherSideOfABoundIsNotAFinding() {
		String waits = "Method <" + Waits.class.getName() + ".";
		List<String> violations = violations(RULE, importClasses(Waits.class));
		for (String method : List.of("stopAtOnce()", "stopAtZero()", "tryTwice()", "logError()")) {
			assertThat(violations).noneMatch((violation) -> violation.startsWith(waits + method));
		}
		for (String[] method : List.of(new String[] { "stopAndWait()", "// waits for the acceptor" },
				new String[] { "stopSomehow(int)", "// waits for the acceptor" },
				new String[] { "tryThrice()", "// backs off" }, new String[] { "logDebug()", "// logs slowly" })) {
			assertThat(violations).as(method[0]).anySatisfy((violation) -> assertThat(violation)
				.startsWith(waits + method[0])
				.contains(location(Waits.class, method[1])));
		}
	}

	@Test
	void eachOrderIsAGuardWithItsBoundExactly() {
		String bounds = "Method <" + Bounds.class.getName() + ".";
		List<String> violations = violations(RULE, importClasses(Bounds.class));
		for (String[] callee : new String[][] { { "BelowZero", "p < 0" }, { "AtLeastZero", "p >= 0" },
				{ "AboveZero", "p > 0" }, { "AtMostZero", "p <= 0" }, { "BelowFive", "p < 5" },
				{ "AtLeastFive", "p >= 5" }, { "AboveFive", "p > 5" }, { "AtMostFive", "p <= 5" } }) {
			assertThat(violations).as(callee[1]).noneMatch((violation) -> violation.startsWith(bounds + "outside" + callee[0]));
			assertThat(violations).as(callee[1]).anySatisfy((violation) -> assertThat(violation)
				.startsWith(bounds + "inside" + callee[0])
				.contains(location(Bounds.class, "// " + callee[1])));
		}
	}

	@Test
	void aValueThatIsNotAConstantTakesEveryBranch() {
		List<String> violations = violations(RULE, importClasses(Results.class));
		assertThat(violations).anySatisfy((violation) -> assertThat(violation).startsWith(RESULTS + "unknown(int)")
			.contains(location(Results.class, "// creates what it is asked")));
		assertThat(violations).anySatisfy((violation) -> assertThat(violation).startsWith(RESULTS + "reassigned(int)")
			.contains(location(Results.class, "// creates from a computed value")));
		assertThat(violations).anySatisfy((violation) -> assertThat(violation).startsWith(RESULTS + "counted()")
			.contains(location(Results.class, "// creates from a counter")));
		assertThat(violations).anySatisfy((violation) -> assertThat(violation)
			.startsWith(RESULTS + "openByFieldValue()")
			.contains(location(Results.class, "// opens by the field")));
	}

}
