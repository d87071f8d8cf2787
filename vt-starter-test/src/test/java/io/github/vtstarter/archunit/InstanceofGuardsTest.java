package io.github.vtstarter.archunit;

import java.util.List;

import com.tngtech.archunit.lang.ArchRule;
import io.github.vtstarter.archunit.fixtures.guard.Sources;
import org.junit.jupiter.api.Test;

import static io.github.vtstarter.archunit.FixtureSource.importClasses;
import static io.github.vtstarter.archunit.FixtureSource.location;
import static io.github.vtstarter.archunit.FixtureSource.violations;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A call in a branch that runs only when a parameter is an instance of a type is not reached by a caller whose
 * argument, by its static type, never is one (issue 23, Tomcat's {@code Registry.load} given a {@code Class}): a
 * final class that is not that type, or two classes neither of which extends the other. An argument whose type
 * leaves room for one, through a subclass or an interface, still reaches it.
 */
class InstanceofGuardsTest {

	private static final String SOURCES = "Method <" + Sources.class.getName() + ".";

	private static final ArchRule RULE = VirtualThreadRules.forJava(21).noBlockingCallsWhileSynchronized();

	@Test
	void anArgumentThatCanNeverBeTheTypeTestedDoesNotReachTheBranch() {
		List<String> violations = violations(RULE, importClasses(Sources.class));
		for (String method : List.of("ofClass(", "ofName(", "ofNumber(", "ofStream(", "ofClassOrName(", "ofNewBuilder(",
				"ofLiteral(", "ofField(", "ofResult(")) {
			assertThat(violations).noneMatch((violation) -> violation.startsWith(SOURCES + method));
		}
	}

	@Test
	void anArgumentThatMayBeTheTypeTestedReachesTheBranch() {
		List<String> violations = violations(RULE, importClasses(Sources.class));
		for (String[] method : List.of(new String[] { "ofUrl(", "// passes a URL", "// opens the URL" },
				new String[] { "ofAnything(", "// passes anything", "// opens the URL" },
				new String[] { "ofCharSequence(", "// passes a char sequence", "// opens the file" },
				new String[] { "ofList(", "// passes a list", "// opens the file" })) {
			assertThat(violations).as(method[0]).anySatisfy((violation) -> assertThat(violation)
				.startsWith(SOURCES + method[0])
				.contains(location(Sources.class, method[1]))
				.contains(location(Sources.class, method[2])));
		}
	}

}
