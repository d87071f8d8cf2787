package io.github.vtstarter.archunit;

import java.util.List;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.lang.ArchRule;
import io.github.vtstarter.archunit.fixtures.clean.BlockingOutsideBlock;
import io.github.vtstarter.archunit.fixtures.clean.LambdaCreatedInsideRunLater;
import io.github.vtstarter.archunit.fixtures.clean.ReentrantLockGuarded;
import io.github.vtstarter.archunit.fixtures.clean.SynchronizedWithoutBlocking;
import io.github.vtstarter.archunit.fixtures.pinning.FunctionRunInsideBlock;
import io.github.vtstarter.archunit.fixtures.pinning.NestedSynchronized;
import io.github.vtstarter.archunit.fixtures.pinning.ObjectWaitInLoop;
import io.github.vtstarter.archunit.fixtures.pinning.StaticSynchronized;
import io.github.vtstarter.archunit.fixtures.pinning.SynchronizedBlockWithSleep;
import io.github.vtstarter.archunit.fixtures.pinning.SynchronizedBlockWithStreamRead;
import io.github.vtstarter.archunit.fixtures.pinning.SynchronizedMethodWithJdbc;
import io.github.vtstarter.archunit.fixtures.pinning.SynchronizedRestTemplate;
import io.github.vtstarter.archunit.fixtures.pinning.TryFinallyInsideBlock;
import io.github.vtstarter.archunit.fixtures.pinning.WaitWithoutVisibleMonitor;
import org.junit.jupiter.api.Test;

import static io.github.vtstarter.archunit.FixtureSource.importClasses;
import static io.github.vtstarter.archunit.FixtureSource.importPackage;
import static io.github.vtstarter.archunit.FixtureSource.location;
import static io.github.vtstarter.archunit.FixtureSource.violations;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link VirtualThreadRules#NO_BLOCKING_CALLS_WHILE_SYNCHRONIZED} on blocking calls made directly
 * in synchronized code, and on code that must not be reported.
 */
class NoBlockingCallsWhileSynchronizedTest {

	private static final ArchRule RULE = VirtualThreadRules.NO_BLOCKING_CALLS_WHILE_SYNCHRONIZED;

	private static final String FIX = "applies to Java 21 to 23, where the virtual thread pins its carrier while it "
			+ "blocks (from Java 24 on, JEP 491, it unmounts; the monitor still serializes its callers); "
			+ "fix: guard the state with a java.util.concurrent.locks.ReentrantLock "
			+ "instead of synchronized, or move the blocking call out of the monitor";

	private static final String PINNING = "io.github.vtstarter.archunit.fixtures.pinning.";

	@Test
	void synchronizedBlockWithSleepFailsWithAnActionableMessage() {
		JavaClasses classes = importClasses(SynchronizedBlockWithSleep.class);
		assertThatThrownBy(() -> RULE.check(classes)).isInstanceOf(AssertionError.class)
			.hasMessageContaining("Architecture Violation [Priority: MEDIUM] - Rule 'classes should not call "
					+ "blocking methods while holding a monitor (synchronized method or block, directly or through "
					+ "up to 4 further calls)' was violated (1 times):")
			.hasMessageContaining("Method <" + PINNING + "SynchronizedBlockWithSleep.retryLater()> holds the monitor "
					+ "of the synchronized block at " + location(SynchronizedBlockWithSleep.class, "// region")
					+ " and calls blocking method <java.lang.Thread.sleep(long)> in "
					+ location(SynchronizedBlockWithSleep.class, "// sleep") + "; " + FIX);
	}

	@Test
	void synchronizedBlockWithStreamRead() {
		assertThat(violations(RULE, importClasses(SynchronizedBlockWithStreamRead.class))).containsExactly("Method <"
				+ PINNING + "SynchronizedBlockWithStreamRead.readChunk(byte[])> holds the monitor of the synchronized "
				+ "block at " + location(SynchronizedBlockWithStreamRead.class, "// region")
				+ " and calls blocking method <java.io.InputStream.read(byte[])> in "
				+ location(SynchronizedBlockWithStreamRead.class, "// read") + "; " + FIX);
	}

	@Test
	void synchronizedMethodWithJdbc() {
		String firstLine = "(SynchronizedMethodWithJdbc.java:"
				+ FixtureSource.line(SynchronizedMethodWithJdbc.class, "List<String> names = new ArrayList<>()") + ")";
		List<String> violations = violations(RULE, importClasses(SynchronizedMethodWithJdbc.class));
		assertThat(violations).allMatch((violation) -> violation.startsWith("Method <" + PINNING
				+ "SynchronizedMethodWithJdbc.names()> holds the monitor of the synchronized method at " + firstLine));
		assertThat(violations).anyMatch((violation) -> violation.contains(
				"calls blocking method <javax.sql.DataSource.getConnection()> in "
						+ location(SynchronizedMethodWithJdbc.class, "// getConnection")));
		assertThat(violations).anyMatch((violation) -> violation.contains(
				"calls blocking method <java.sql.Statement.executeQuery(java.lang.String)> in "
						+ location(SynchronizedMethodWithJdbc.class, "// executeQuery")));
		assertThat(violations).anyMatch((violation) -> violation.contains("<java.sql.ResultSet.next()>"));
		// The constructor only stores the DataSource.
		assertThat(violations).noneMatch((violation) -> violation.contains("<init>"));
	}

	@Test
	void springRestTemplateInSynchronizedMethod() {
		assertThat(violations(RULE, importClasses(SynchronizedRestTemplate.class))).singleElement()
			.asString()
			.contains("calls blocking method <org.springframework.web.client.RestTemplate.getForObject("
					+ "java.lang.String, java.lang.Class, java.lang.Object[])> in "
					+ location(SynchronizedRestTemplate.class, "// rest"));
	}

	@Test
	void staticSynchronizedMethodHoldsTheClassMonitor() {
		assertThat(violations(RULE, importClasses(StaticSynchronized.class))).singleElement()
			.asString()
			.contains("holds the monitor of the static synchronized method at (StaticSynchronized.java:")
			.contains("calls blocking method <java.util.concurrent.CompletableFuture.join()> in "
					+ location(StaticSynchronized.class, "// join"));
	}

	@Test
	void nestedBlocksReportTheInnermostMonitorAndTheOuterOneAfterTheInnerIsReleased() {
		List<String> violations = violations(RULE, importClasses(NestedSynchronized.class));
		String nested = "Method <" + PINNING + "NestedSynchronized.nested()> holds the monitor of the synchronized block at ";
		assertThat(violations).contains(
				nested + location(NestedSynchronized.class, "// inner region")
						+ " and calls blocking method <java.lang.Thread.sleep(long)> in "
						+ location(NestedSynchronized.class, "// sleep in inner") + "; " + FIX,
				nested + location(NestedSynchronized.class, "// outer region")
						+ " and calls blocking method <java.lang.Thread.sleep(long)> in "
						+ location(NestedSynchronized.class, "// sleep in outer after inner") + "; " + FIX);
		assertThat(violations).filteredOn((violation) -> violation.contains(".nested()>")).hasSize(2);
	}

	@Test
	void reentrantSynchronizedMethodsAndRecursionAreReportedPerMonitorAndTerminate() {
		List<String> violations = violations(RULE, importClasses(NestedSynchronized.class));
		assertThat(violations).anyMatch((violation) -> violation.startsWith("Method <" + PINNING
				+ "NestedSynchronized.reentrant(byte[])> holds the monitor of the synchronized method")
				&& violation.contains("through <" + PINNING + "NestedSynchronized.writeAll(byte[])> in "
						+ location(NestedSynchronized.class, "// calls writeAll") + " -> <java.io.OutputStream.write(byte[])> in "
						+ location(NestedSynchronized.class, "// write")));
		assertThat(violations).anyMatch((violation) -> violation.startsWith("Method <" + PINNING
				+ "NestedSynchronized.writeAll(byte[])>")
				&& violation.contains("calls blocking method <java.io.OutputStream.write(byte[])> in "
						+ location(NestedSynchronized.class, "// write")));
		// nested(): 2, reentrant(): 1, writeAll(): the direct write and the recursive call back into reentrant()
		assertThat(violations).hasSize(5);
	}

	@Test
	void tryFinallyInsideBlockIsReportedOnceAndCatchBlocksStillHoldTheMonitor() {
		List<String> violations = violations(RULE, importClasses(TryFinallyInsideBlock.class));
		// javac copies the finally block onto the normal and the exceptional path: one report.
		assertThat(violations).filteredOn((violation) -> violation.contains("<java.io.Writer.flush()>"))
			.containsExactly("Method <" + PINNING + "TryFinallyInsideBlock.record()> holds the monitor of the "
					+ "synchronized block at " + location(TryFinallyInsideBlock.class, "// region")
					+ " and calls blocking method <java.io.Writer.flush()> in "
					+ location(TryFinallyInsideBlock.class, "// flush") + "; " + FIX);
		assertThat(violations).filteredOn((violation) -> violation.contains("recordWithCatch()"))
			.singleElement()
			.asString()
			.contains("synchronized block at " + location(TryFinallyInsideBlock.class, "// catch region"))
			.contains("<java.io.Writer.write(java.lang.String)> in " + location(TryFinallyInsideBlock.class, "// write in try"));
		assertThat(violations).hasSize(2);
	}

	@Test
	void objectWaitInALoopIsBlocking() {
		assertThat(violations(RULE, importClasses(ObjectWaitInLoop.class))).singleElement()
			.asString()
			.contains("holds the monitor of the synchronized block at " + location(ObjectWaitInLoop.class, "// region"))
			.contains("calls blocking method <java.lang.Object.wait()> in " + location(ObjectWaitInLoop.class, "// wait"))
			.endsWith("fix: replace synchronized and wait()/notify() with a java.util.concurrent.locks.ReentrantLock "
					+ "and its Condition (await()/signal())");
	}

	@Test
	void waitOutsideAnyVisibleMonitorIsNotABlockingCallUnderAMonitorThatThisRuleCanSee() {
		assertThatNoException().isThrownBy(() -> RULE.check(importClasses(WaitWithoutVisibleMonitor.class)));
	}

	@Test
	void reentrantLockIsClean() {
		assertThatNoException().isThrownBy(() -> RULE.check(importClasses(ReentrantLockGuarded.class)));
	}

	@Test
	void synchronizedWithoutBlockingIsClean() {
		// Includes ByteArrayOutputStream.write, an OutputStream that never blocks, and notifyAll().
		assertThatNoException().isThrownBy(() -> RULE.check(importClasses(SynchronizedWithoutBlocking.class)));
	}

	@Test
	void lambdaAndAnonymousClassCreatedInsideAndRunLaterAreClean() {
		JavaClasses classes = importPackage(LambdaCreatedInsideRunLater.class.getPackageName());
		assertThat(classes.contain(LambdaCreatedInsideRunLater.class.getName() + "$1")).isTrue();
		assertThatNoException().isThrownBy(() -> RULE.check(classes));
	}

	@Test
	void lambdasAndMethodReferencesThatJavaUtilMethodsRunOnTheSpotAreFollowed() {
		List<String> violations = violations(RULE, importClasses(FunctionRunInsideBlock.class));
		String fixture = PINNING + "FunctionRunInsideBlock";
		assertThat(violations).anyMatch((violation) -> violation.startsWith("Method <" + fixture
				+ ".writeAll(java.util.List)> holds the monitor of the synchronized block at "
				+ location(FunctionRunInsideBlock.class, "// forEach region"))
				&& violation.contains("through <" + fixture + ".lambda$writeAll$0(java.lang.String)> in "
						+ location(FunctionRunInsideBlock.class, "// forEach lambda"))
				&& violation.contains("<java.io.Writer.write(java.lang.String)> in "
						+ location(FunctionRunInsideBlock.class, "// write")));
		assertThat(violations).anyMatch((violation) -> violation.startsWith("Method <" + fixture
				+ ".load(long)> holds the monitor of the synchronized method")
				&& violation.contains("through <" + fixture + ".fetch(long)> in "
						+ location(FunctionRunInsideBlock.class, "// computeIfAbsent"))
				&& violation.contains("<java.lang.Thread.sleep(long)> in "
						+ location(FunctionRunInsideBlock.class, "// fetch sleeps")));
		assertThat(violations).hasSize(2);
	}

	@Test
	void blockingBeforeAfterAndInACatchAroundTheBlockIsClean() {
		assertThatNoException().isThrownBy(() -> RULE.check(importClasses(BlockingOutsideBlock.class)));
	}

	@Test
	void everyCleanFixtureTogetherIsClean() {
		JavaClasses classes = importPackage("io.github.vtstarter.archunit.fixtures.clean");
		assertThat(classes).hasSizeGreaterThanOrEqualTo(5);
		assertThatNoException().isThrownBy(() -> RULE.check(classes));
	}

}
