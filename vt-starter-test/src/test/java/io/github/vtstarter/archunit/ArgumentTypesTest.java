package io.github.vtstarter.archunit;

import java.util.List;

import com.tngtech.archunit.lang.ArchRule;
import io.github.vtstarter.archunit.fixtures.configs.Host;
import io.github.vtstarter.archunit.fixtures.configs.LockedConfig;
import org.junit.jupiter.api.Test;

import static io.github.vtstarter.archunit.FixtureSource.importPackage;
import static io.github.vtstarter.archunit.FixtureSource.location;
import static io.github.vtstarter.archunit.FixtureSource.violations;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A call made on a parameter goes to the methods of the classes the caller's argument can have,
 * when those are known exactly (issue 23): Tomcat's wrapper initialises a servlet with its own
 * facade, whose methods are what the servlet's {@code init} then calls.
 */
class ArgumentTypesTest {

	private static final String HOST = "Method <" + Host.class.getName() + ".";

	private static final ArchRule RULE = VirtualThreadRules.forJava(21).noBlockingCallsWhileSynchronized();

	private static List<String> hosts() {
		return violations(RULE, importPackage(Host.class.getPackageName()));
	}

	@Test
	void anArgumentHeldInAFieldOfOneClassRunsThatClassesMethods() {
		assertThat(hosts()).noneMatch((violation) -> violation.startsWith(HOST + "startFixed()"));
	}

	@Test
	void anArgumentOfEitherOfTwoKnownClassesRunsTheirMethods() {
		assertThat(hosts()).noneMatch((violation) -> violation.startsWith(HOST + "startEither()"));
	}

	@Test
	void aCastArgumentRunsTheMethodsOfWhatWasCast() {
		assertThat(hosts()).noneMatch((violation) -> violation.startsWith(HOST + "startCast()"));
	}

	@Test
	void aNewArgumentRunsItsOwnClassesMethods() {
		assertThat(hosts()).anySatisfy((violation) -> assertThat(violation).startsWith(HOST + "startLocked()")
			.contains(location(Host.class, "// passes a locked configuration"))
			.contains(location(LockedConfig.class, "// reads under the lock")));
	}

	@Test
	void aNewArgumentWhoseGetterAGuardComparesRunsItsOwnClassesMethods() {
		// Passed as what it was constructed with (its name, for the guard), and so as exactly its class.
		assertThat(hosts()).noneMatch((violation) -> violation.startsWith(HOST + "startNamed()"));
	}

	@Test
	void anArgumentOfUnknownClassMayBeAnyImplementation() {
		assertThat(hosts()).anySatisfy((violation) -> assertThat(violation)
			.startsWith(HOST + "start(" + Host.class.getPackageName() + ".Config)")
			.contains(location(Host.class, "// passes whatever it is given")));
	}

}
