package io.github.vtstarter.testsupport;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Prints, once at the end of a test run, every test that did not run and why: skipped by a condition (a missing
 * server, a Java or Boot line the test is not about) or aborted by an assumption, grouped by reason, with the
 * classes and how many tests each. Registered for the module's test runs in
 * {@code META-INF/services/org.junit.platform.launcher.TestExecutionListener}, so that a reader of the build output
 * sees what the suite did not check on this machine, and how to make it run (the reasons say what to install).
 */
public class SkippedTestsSummary implements TestExecutionListener {

	private final PrintStream out;

	private final Map<String, Map<String, Integer>> byReason = new LinkedHashMap<>();

	private TestPlan plan;

	public SkippedTestsSummary() {
		this(System.out);
	}

	SkippedTestsSummary(PrintStream out) {
		this.out = out;
	}

	@Override
	public void testPlanExecutionStarted(TestPlan testPlan) {
		this.plan = testPlan;
	}

	@Override
	public void executionSkipped(TestIdentifier identifier, String reason) {
		record(identifier, reason);
	}

	@Override
	public void executionFinished(TestIdentifier identifier, TestExecutionResult result) {
		if (result.getStatus() == TestExecutionResult.Status.ABORTED) {
			String reason = result.getThrowable()
				.map((ex) -> (ex.getMessage() != null) ? ex.getMessage() : ex.getClass().getName())
				.orElse("aborted");
			record(identifier, "aborted: " + reason);
		}
	}

	private synchronized void record(TestIdentifier identifier, String reason) {
		int tests = isTest(identifier) ? 1
				: (int) this.plan.getDescendants(identifier).stream().filter(this::isTest).count();
		if (tests == 0) {
			return;
		}
		this.byReason.computeIfAbsent((reason != null) ? reason : "no reason given", (key) -> new TreeMap<>())
			.merge(className(identifier), tests, Integer::sum);
	}

	/**
	 * A test, or a test method whose tests are made when it runs (a parameterized test): surefire counts a skipped
	 * one as one test.
	 */
	private boolean isTest(TestIdentifier identifier) {
		return identifier.isTest() || (identifier.getSource().orElse(null) instanceof MethodSource
				&& this.plan.getChildren(identifier).isEmpty());
	}

	@Override
	public synchronized void testPlanExecutionFinished(TestPlan testPlan) {
		if (this.byReason.isEmpty()) {
			return;
		}
		int total = this.byReason.values()
			.stream()
			.flatMap((classes) -> classes.values().stream())
			.mapToInt(Integer::intValue)
			.sum();
		StringBuilder summary = new StringBuilder();
		summary.append(System.lineSeparator())
			.append("Tests that did not run here: ")
			.append(total)
			.append(", by reason")
			.append(System.lineSeparator());
		this.byReason.forEach((reason, classes) -> {
			int count = classes.values().stream().mapToInt(Integer::intValue).sum();
			summary.append("  ").append(count).append(": ").append(reason).append(System.lineSeparator()).append("     in ");
			StringBuilder names = new StringBuilder();
			classes.forEach((name, tests) -> names.append((names.length() > 0) ? ", " : "")
				.append(name)
				.append(" (")
				.append(tests)
				.append(")"));
			summary.append(names).append(System.lineSeparator());
		});
		this.out.print(summary);
		this.out.flush();
		this.byReason.clear();
	}

	private static String className(TestIdentifier identifier) {
		TestSource source = identifier.getSource().orElse(null);
		String name = (source instanceof MethodSource method) ? method.getClassName()
				: (source instanceof ClassSource type) ? type.getClassName() : identifier.getDisplayName();
		return name.substring(name.lastIndexOf('.') + 1);
	}

}
