package io.github.vtstarter.archunit;

import java.util.List;

import com.tngtech.archunit.lang.ArchRule;
import io.github.vtstarter.archunit.fixtures.events.Board;
import io.github.vtstarter.archunit.fixtures.events.Command;
import io.github.vtstarter.archunit.fixtures.events.Component;
import io.github.vtstarter.archunit.fixtures.events.Event;
import io.github.vtstarter.archunit.fixtures.events.Listener;
import io.github.vtstarter.archunit.fixtures.events.WarmUpListener;
import org.junit.jupiter.api.Test;

import static io.github.vtstarter.archunit.FixtureSource.importClasses;
import static io.github.vtstarter.archunit.FixtureSource.importPackage;
import static io.github.vtstarter.archunit.FixtureSource.location;
import static io.github.vtstarter.archunit.FixtureSource.violations;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A call that passes a string, itself or inside an object or an enum constant it was constructed
 * with, does not reach the branches that compare the string with another one (issue 23): Tomcat's
 * listeners act on one event name each, and a component fires others while it stops.
 */
class StringArgumentsTest {

	private static final String COMPONENT = "Method <" + Component.class.getName() + ".";

	private static final String COMMAND = "Method <" + Command.class.getName() + ".";

	private static final ArchRule RULE = VirtualThreadRules.forJava(21).noBlockingCallsWhileSynchronized();

	private static List<String> events() {
		return violations(RULE, importPackage(Component.class.getPackageName()));
	}

	@Test
	void anEventWhoseNameNoListenerActsOnIsNotAFinding() {
		assertThat(events()).noneMatch((violation) -> violation.startsWith(COMPONENT + "stop()"));
	}

	@Test
	void anEventTheListenerActsOnIsReportedThroughTheListener() {
		assertThat(events()).anySatisfy((violation) -> assertThat(violation).startsWith(COMPONENT + "start()")
			.contains("calls blocking method <java.lang.Thread.sleep(long)>")
			.contains(location(Component.class, "// fires after_start"))
			.contains(location(WarmUpListener.class, "// warms up after start")));
	}

	@Test
	void anEnumConstantCarriesTheEventItWasConstructedWith() {
		List<String> violations = events();
		assertThat(violations).noneMatch((violation) -> violation.startsWith(COMPONENT + "markStarting()"));
		assertThat(violations).anySatisfy((violation) -> assertThat(violation).startsWith(COMPONENT + "markStarted()")
			.contains(location(Component.class, "// enters STARTED"))
			.contains(location(WarmUpListener.class, "// warms up after start")));
	}

	@Test
	void anEventNameThatIsNotAConstantMayBeAny() {
		assertThat(events()).anySatisfy((violation) -> assertThat(violation)
			.startsWith(COMPONENT + "fireAny(java.lang.String)")
			.contains(location(Component.class, "// fires whatever it is given")));
	}

	@Test
	void aStringParameterIsComparedItself() {
		List<String> violations = events();
		assertThat(violations).anySatisfy((violation) -> assertThat(violation).startsWith(COMMAND + "flush()")
			.contains(location(Command.class, "// runs flush"))
			.contains(location(Command.class, "// flushes under the lock")));
		// "noop" is compared nowhere: it is not "flush" either.
		assertThat(violations).noneMatch((violation) -> violation.startsWith(COMMAND + "noop()"));
	}

	@Test
	void aFieldThatMayChangeAfterConstructionIsNotTakenAsTheConstructorsArgument() {
		assertThat(events()).anySatisfy((violation) -> assertThat(violation)
			.startsWith("Method <" + Board.class.getName() + ".post()")
			.contains(location(Board.class, "// posts a routine notice")));
	}

	@Test
	void withoutTheEventClassTheNameItCarriesIsNotKnown() {
		// Event is not imported: what getType() returns is not known, so every event may be after_start.
		assertThat(violations(RULE, importClasses(Component.class, Listener.class, WarmUpListener.class)))
			.anySatisfy((violation) -> assertThat(violation).startsWith(COMPONENT + "stop()"));
	}

}
