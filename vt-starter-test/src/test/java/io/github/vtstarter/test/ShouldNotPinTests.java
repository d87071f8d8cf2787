package io.github.vtstarter.test;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;
import static org.junit.platform.testkit.engine.EventConditions.abortedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

/**
 * {@link ShouldNotPin} and {@link ShouldPin} on real pinning: the sample test classes below are run
 * with JUnit's {@link EngineTestKit}, as a user's build would run them, and their outcome is checked.
 * (Surefire does not run nested classes itself.)
 */
class ShouldNotPinTests {

	@Test
	@EnabledIf(TestJdk.SYNCHRONIZED_PINS)
	void sleepingInsideSynchronizedFailsTheTestWithThePinningStackOnJava21() {
		Events tests = run(SynchronizedSample.class, "sleepsInsideSynchronized");
		tests.assertStatistics((stats) -> stats.started(1).failed(1));
		tests.assertThatEvents()
			.haveExactly(1, event(test("sleepsInsideSynchronized"), finishedWithFailure(instanceOf(AssertionError.class),
					message((text) -> text.startsWith("@ShouldNotPin: 1 virtual thread pinned its carrier during the test "
							+ "(jdk.VirtualThreadPinned, at least 20 ms), expected at most 0 on Java " + TestJdk.feature())
							&& text.contains("on thread 'should-not-pin-sample-")
							&& text.contains("at io.github.vtstarter.test.PinningSamples.sleepInsideSynchronized(line ")))));
	}

	@Test
	@EnabledIf(TestJdk.SYNCHRONIZED_DOES_NOT_PIN)
	void sleepingInsideSynchronizedPassesFromJava24() {
		run(SynchronizedSample.class, "sleepsInsideSynchronized").assertStatistics((stats) -> stats.started(1).succeeded(1));
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void blockingInAClassInitializerFailsOnEveryJava() {
		Events tests = run(ClassInitializerSample.class, "touchesASlowClassInitializer");
		tests.assertStatistics((stats) -> stats.started(1).failed(1));
		tests.assertThatEvents()
			.haveExactly(1, event(test("touchesASlowClassInitializer"), finishedWithFailure(message((text) -> text
				.startsWith("@ShouldNotPin: 1 virtual thread pinned its carrier")
					&& text.contains("PinningSamples$SlowInitializerForShouldNotPin.<clinit>(line ")))));
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void shouldPinPassesWhenTheCodePinsAndFailsWhenItDoesNot() {
		Events tests = run(ShouldPinSample.class, null);
		tests.assertStatistics((stats) -> stats.started(2).succeeded(1).failed(1));
		tests.assertThatEvents()
			.haveExactly(1, event(test("doesNotPin"), finishedWithFailure(message((text) -> text.startsWith(
					"@ShouldPin: 0 times a virtual thread pinned its carrier during the test "
							+ "(jdk.VirtualThreadPinned, at least 20 ms), "
							+ "expected at least 1")))));
	}

	@Test
	@EnabledIf(TestJdk.SYNCHRONIZED_PINS)
	void thresholdAndAtMostLetKnownPinningThrough() {
		run(ToleranceSample.class, null).assertStatistics((stats) -> stats.started(3).succeeded(2).failed(1));
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void theDefaultThresholdIsTheRuntimeMonitorsAndZeroCatchesEveryPin() {
		// A 3 ms pin in a class initializer, as loading a class on first use causes on JDK 24+: on every JDK.
		Events tests = run(DefaultThresholdSample.class, null);
		tests.assertStatistics((stats) -> stats.started(2).succeeded(1).failed(1));
		tests.assertThatEvents().haveExactly(1, event(test("briefPinFailsWithAThresholdOfZero"), finishedWithFailure()));
		assertThat(ShouldNotPin.DEFAULT_THRESHOLD_MILLIS).isEqualTo(20);
	}

	@Test
	@EnabledIf(TestJdk.SYNCHRONIZED_PINS)
	void pinningIsAttributedToTheTestThatCausedItOnly() {
		Events tests = run(AttributionSample.class, null);
		tests.assertStatistics((stats) -> stats.started(3).succeeded(2).failed(1));
		tests.assertThatEvents().haveExactly(1, event(test("secondPins"), finishedWithFailure()));
	}

	@Test
	@EnabledIf(TestJdk.NO_VIRTUAL_THREADS)
	void withoutVirtualThreadsTheTestRunsAndIsReportedAsAbortedNotPassed() {
		Events tests = run(PlatformThreadSample.class, null);
		tests.assertStatistics((stats) -> stats.started(1).aborted(1));
		tests.assertThatEvents().haveExactly(1, event(test("sleepsInsideSynchronized"), abortedWithReason(message(
				"@ShouldNotPin not checked: Java " + TestJdk.feature() + " has no virtual threads, so nothing can pin "
						+ "(the test itself ran and passed)"))));
	}

	private static Events run(Class<?> sample, String method) {
		return EngineTestKit.engine("junit-jupiter")
			.selectors((method != null) ? selectMethod(sample, method) : selectClass(sample))
			.execute()
			.testEvents();
	}

	@ShouldNotPin
	static class SynchronizedSample {

		@Test
		void sleepsInsideSynchronized() throws Exception {
			PinningSamples.runOnVirtualThread(() -> PinningSamples.sleepInsideSynchronized(30));
		}

	}

	@ShouldNotPin
	static class PlatformThreadSample {

		@Test
		void sleepsInsideSynchronized() {
			PinningSamples.sleepInsideSynchronized(5);
		}

	}

	static class ClassInitializerSample {

		@Test
		@ShouldNotPin
		void touchesASlowClassInitializer() throws Exception {
			PinningSamples.runOnVirtualThread(PinningSamples.SlowInitializerForShouldNotPin::touch);
		}

	}

	static class ShouldPinSample {

		@Test
		@ShouldPin
		void pins() throws Exception {
			PinningSamples.runOnVirtualThread(PinningSamples.SlowInitializerForShouldPin::touch);
		}

		@Test
		@ShouldPin
		void doesNotPin() throws Exception {
			PinningSamples.runOnVirtualThread(() -> PinningSamples.sleep(5));
		}

	}

	@ShouldNotPin(atMost = 1)
	static class ToleranceSample {

		@Test
		void pinsOnce() throws Exception {
			PinningSamples.runOnVirtualThread(() -> PinningSamples.sleepInsideSynchronized(30));
		}

		@Test
		void pinsTwice() throws Exception {
			PinningSamples.runOnVirtualThread(() -> PinningSamples.sleepInsideSynchronized(30));
			PinningSamples.runOnVirtualThread(() -> PinningSamples.sleepInsideSynchronized(30));
		}

		@Test
		@ShouldNotPin(thresholdMillis = 60_000)
		void pinsBrieflyUnderTheThreshold() throws Exception {
			PinningSamples.runOnVirtualThread(() -> PinningSamples.sleepInsideSynchronized(30));
			PinningSamples.runOnVirtualThread(() -> PinningSamples.sleepInsideSynchronized(30));
		}

	}

	static class DefaultThresholdSample {

		@Test
		@ShouldNotPin
		void briefPinPassesByDefault() throws Exception {
			PinningSamples.runOnVirtualThread(PinningSamples.BriefInitializerForDefault::touch);
		}

		@Test
		@ShouldNotPin(thresholdMillis = 0)
		void briefPinFailsWithAThresholdOfZero() throws Exception {
			PinningSamples.runOnVirtualThread(PinningSamples.BriefInitializerForZero::touch);
		}

	}

	@ShouldNotPin
	@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
	static class AttributionSample {

		@Test
		@Order(1)
		void firstIsClean() throws Exception {
			PinningSamples.runOnVirtualThread(() -> PinningSamples.sleep(5));
		}

		@Test
		@Order(2)
		void secondPins() throws Exception {
			PinningSamples.runOnVirtualThread(() -> PinningSamples.sleepInsideSynchronized(30));
		}

		@Test
		@Order(3)
		void thirdIsCleanAgain() throws Exception {
			PinningSamples.runOnVirtualThread(() -> PinningSamples.sleep(5));
		}

	}

}
