package io.github.vtstarter.bench;

import java.util.Locale;

import io.github.vtstarter.test.ShouldNotPin;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.platform.testkit.engine.EngineTestKit;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * What {@code @ShouldNotPin} adds to each test after the first (which starts the JVM's one JFR
 * stream): runs the same 500 trivial tests with and without the annotation through the JUnit
 * engine, several rounds, and prints the difference per test. A measurement, not a test: see
 * docs/testing.md for the command.
 */
public final class ShouldNotPinCost {

	static final int TESTS = 500;

	private ShouldNotPinCost() {
	}

	public static void main(String[] args) {
		System.out.printf(Locale.ROOT, "Java %s, %d processors, %d tests per run%n", System.getProperty("java.version"),
				Runtime.getRuntime().availableProcessors(), TESTS);
		// Warm both paths once (class loading, JIT, the stream's start in the annotated run).
		run(Plain.class);
		run(Annotated.class);
		for (int round = 1; round <= 3; round++) {
			long plain = run(Plain.class);
			long annotated = run(Annotated.class);
			System.out.printf(Locale.ROOT, "round %d: plain %d ms, @ShouldNotPin %d ms, added %.1f ms per test%n", round,
					plain / 1_000_000, annotated / 1_000_000, (annotated - plain) / 1e6 / TESTS);
		}
	}

	// Each engine run has its own root store, so it starts (and closes) its own stream: one start per
	// run, spread over the run's tests, is counted in the figure.
	private static long run(Class<?> testClass) {
		long start = System.nanoTime();
		EngineTestKit.engine("junit-jupiter").selectors(selectClass(testClass)).execute().testEvents()
			.assertStatistics((stats) -> stats.succeeded(TESTS));
		return System.nanoTime() - start;
	}

	public static class Plain {

		@RepeatedTest(TESTS)
		void test() {
			Math.sqrt(42);
		}

	}

	@ShouldNotPin
	public static class Annotated {

		@RepeatedTest(TESTS)
		void test() {
			Math.sqrt(42);
		}

	}

}
