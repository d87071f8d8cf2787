package io.github.vtstarter.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.EngineExecutionResults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder.request;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.skippedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.container;

/**
 * A class whose {@link Precondition} fails is skipped with the reason before its {@code @BeforeAll} (which would
 * start the missing server) runs; surefire reports each of its tests as skipped with that reason. The summary lists
 * every test that did not run here, by reason: skipped classes count their tests, and aborted ones too.
 */
class PreconditionTests {

	static final List<String> calls = new CopyOnWriteArrayList<>();

	@Test
	void aFailedCheckSkipsTheClassWithItsReasonBeforeItsBeforeAllRuns() {
		calls.clear();
		EngineExecutionResults results = EngineTestKit.engine("junit-jupiter")
			.selectors(selectClass(Unmet.class))
			.execute();
		results.testEvents().assertStatistics((stats) -> stats.started(0));
		results.containerEvents()
			.assertThatEvents()
			.haveExactly(1, event(container(Unmet.class),
					skippedWithReason("server-x not found: apt-get install server-x")));
		assertThat(calls).isEmpty();
	}

	@Test
	void checksThatHoldRunTheClassAsUsual() {
		calls.clear();
		EngineTestKit.engine("junit-jupiter")
			.selectors(selectClass(Met.class))
			.execute()
			.testEvents()
			.assertStatistics((stats) -> stats.succeeded(1).skipped(0));
		assertThat(calls).containsExactly("beforeAll", "test", "afterAll");
	}

	@Test
	void theNestedClassesOfAnUnmetClassDoNotRunEither() {
		calls.clear();
		EngineTestKit.engine("junit-jupiter")
			.selectors(selectClass(UnmetOuter.class))
			.execute()
			.testEvents()
			.assertStatistics((stats) -> stats.started(0));
		assertThat(calls).isEmpty();
	}

	@Test
	void theSummaryListsEveryTestThatDidNotRunByReasonWithItsClasses() {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		SkippedTestsSummary summary = new SkippedTestsSummary(new PrintStream(out, true, StandardCharsets.UTF_8));
		SummaryGeneratingListener counts = new SummaryGeneratingListener();
		Launcher launcher = LauncherFactory
			.create(LauncherConfig.builder().enableTestExecutionListenerAutoRegistration(false).build());
		LauncherDiscoveryRequest request = request()
			.selectors(selectClass(Unmet.class), selectClass(Met.class), selectClass(Aborted.class),
					selectClass(DisabledClass.class))
			.build();
		launcher.execute(request, summary, counts);
		TestExecutionSummary result = counts.getSummary();
		assertThat(result.getTestsSucceededCount()).isEqualTo(1);
		String n = System.lineSeparator();
		assertThat(out.toString(StandardCharsets.UTF_8)).startsWith(n + "Tests that did not run here: 6, by reason" + n)
			.contains("  3: server-x not found: apt-get install server-x" + n + "     in PreconditionTests$Unmet (3)" + n)
			.contains("  2: aborted: no server-y here" + n + "     in PreconditionTests$Aborted (2)" + n)
			.contains("  1: not for this machine" + n + "     in PreconditionTests$DisabledClass (1)" + n);
	}

	@Test
	void nothingIsPrintedWhenEveryTestRan() {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		Launcher launcher = LauncherFactory
			.create(LauncherConfig.builder().enableTestExecutionListenerAutoRegistration(false).build());
		launcher.execute(request().selectors(selectClass(Met.class)).build(),
				new SkippedTestsSummary(new PrintStream(out, true, StandardCharsets.UTF_8)));
		assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
	}

	public static final class Missing implements Precondition.Check {

		@Override
		public String unmet() {
			return "server-x not found: apt-get install server-x";
		}

	}

	public static final class Present implements Precondition.Check {

		@Override
		public String unmet() {
			return null;
		}

	}

	@Precondition({ Present.class, Missing.class })
	static class Unmet {

		@BeforeAll
		static void startServer() {
			calls.add("beforeAll");
		}

		@AfterAll
		static void stopServer() {
			calls.add("afterAll");
		}

		@Test
		void one() {
			calls.add("test");
		}

		@Test
		void two() {
			calls.add("test");
		}

		@ParameterizedTest
		@ValueSource(ints = { 1, 2 })
		void parameterized(int value) {
			calls.add("test");
		}

	}

	@Precondition(Present.class)
	static class Met {

		@BeforeAll
		static void startServer() {
			calls.add("beforeAll");
		}

		@AfterAll
		static void stopServer() {
			calls.add("afterAll");
		}

		@Test
		void one() {
			calls.add("test");
		}

	}

	@Precondition(Missing.class)
	static class UnmetOuter {

		@Nested
		class Inner {

			@Test
			void one() {
				calls.add("test");
			}

		}

	}

	/** What the precondition replaces: an assumption in @BeforeAll aborts the class before its first test. */
	static class Aborted {

		@BeforeAll
		static void startServer() {
			Assumptions.abort("no server-y here");
		}

		@Test
		void one() {
		}

		@Test
		void two() {
		}

	}

	@Disabled("not for this machine")
	static class DisabledClass {

		@Test
		void one() {
		}

	}

}
