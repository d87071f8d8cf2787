package io.github.vtstarter.archunit;

import java.util.List;

import com.tngtech.archunit.lang.ArchRule;
import io.github.vtstarter.archunit.fixtures.actions.Action;
import io.github.vtstarter.archunit.fixtures.actions.Hook;
import io.github.vtstarter.archunit.fixtures.actions.Processor;
import io.github.vtstarter.archunit.fixtures.actions.Request;
import org.junit.jupiter.api.Test;

import static io.github.vtstarter.archunit.FixtureSource.importClasses;
import static io.github.vtstarter.archunit.FixtureSource.importPackage;
import static io.github.vtstarter.archunit.FixtureSource.location;
import static io.github.vtstarter.archunit.FixtureSource.violations;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A call that passes an enum constant, itself or through a method that hands its parameter on,
 * does not reach the branches of a {@code switch} on that enum that the constant does not take
 * (issue 23): Tomcat's processor resolves the remote host only for one action code.
 */
class EnumArgumentsTest {

	private static final String REQUEST = "Method <" + Request.class.getName() + ".";

	private static final ArchRule RULE = VirtualThreadRules.forJava(21).noBlockingCallsWhileSynchronized();

	private static List<String> requests() {
		return violations(RULE, importPackage(Request.class.getPackageName()));
	}

	@Test
	void aConstantWhoseCaseDoesNotBlockIsNotAFinding() {
		assertThat(requests()).noneMatch((violation) -> violation.startsWith(REQUEST + "commit()"));
	}

	@Test
	void aConstantWithoutACaseTakesTheDefaultBranch() {
		assertThat(requests()).noneMatch((violation) -> violation.startsWith(REQUEST + "registerReadInterest()"));
	}

	@Test
	void aConstantWhoseCaseBlocksIsReportedThroughThatCase() {
		List<String> violations = requests();
		assertThat(violations).anySatisfy((violation) -> assertThat(violation).startsWith(REQUEST + "remoteHost()")
			.contains("calls blocking method <java.net.InetAddress.getByName(java.lang.String)> through <"
					+ Request.class.getName() + ".action(")
			.contains(location(Processor.class, "// resolves on REMOTE_HOST")));
		assertThat(violations).anySatisfy((violation) -> assertThat(violation).startsWith(REQUEST + "close()")
			.contains(location(Processor.class, "// closes on CLOSE")));
	}

	@Test
	void anActionThatIsNotAConstantTakesEveryBranch() {
		assertThat(requests()).anySatisfy((violation) -> assertThat(violation)
			.startsWith(REQUEST + "act(" + Request.class.getPackageName() + ".Action)")
			.contains(location(Request.class, "// asks for any action")));
	}

	@Test
	void withoutTheClassThatHoldsTheSwitchMapEveryCaseCounts() {
		// javac's Processor$1 is not imported: which key COMMIT has is not known.
		assertThat(violations(RULE, importClasses(Request.class, Hook.class, Processor.class, Action.class)))
			.anySatisfy((violation) -> assertThat(violation).startsWith(REQUEST + "commit()")
				.contains(location(Processor.class, "// resolves on REMOTE_HOST")));
	}

	@Test
	void anAliasOfAConstantIsNotTakenForAConstantWithoutACase() {
		assertThat(requests()).anySatisfy((violation) -> assertThat(violation).startsWith(REQUEST + "lookup()")
			.contains(location(Request.class, "// asks through an alias")));
	}

	@Test
	void withoutTheEnumAConstantWithoutACaseIsNotKnownToBeOne() throws ClassNotFoundException {
		// Action is not imported: READ_INTEREST could be an alias of a constant that has a case.
		Class<?> switchMap = Class.forName(Processor.class.getName() + "$1");
		assertThat(violations(RULE, importClasses(Request.class, Hook.class, Processor.class, switchMap)))
			.anySatisfy((violation) -> assertThat(violation).startsWith(REQUEST + "registerReadInterest()"));
	}

}
