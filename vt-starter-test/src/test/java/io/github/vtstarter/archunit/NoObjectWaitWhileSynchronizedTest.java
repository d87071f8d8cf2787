package io.github.vtstarter.archunit;

import com.tngtech.archunit.lang.ArchRule;
import io.github.vtstarter.archunit.fixtures.pinning.ObjectWaitInLoop;
import io.github.vtstarter.archunit.fixtures.pinning.SynchronizedBlockWithSleep;
import io.github.vtstarter.archunit.fixtures.pinning.WaitHelperCaller;
import io.github.vtstarter.archunit.fixtures.pinning.WaitWithoutVisibleMonitor;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.simpleName;
import static io.github.vtstarter.archunit.FixtureSource.importClasses;
import static io.github.vtstarter.archunit.FixtureSource.importPackage;
import static io.github.vtstarter.archunit.FixtureSource.location;
import static io.github.vtstarter.archunit.FixtureSource.violations;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link VirtualThreadRules#NO_OBJECT_WAIT_WHILE_SYNCHRONIZED}.
 */
class NoObjectWaitWhileSynchronizedTest {

	private static final ArchRule RULE = VirtualThreadRules.NO_OBJECT_WAIT_WHILE_SYNCHRONIZED;

	private static final String WAIT_FIX = "applies to Java 21 to 23, where wait() pins the carrier without any "
			+ "jdk.VirtualThreadPinned event: the scheduler compensates by starting another carrier thread (up to "
			+ "jdk.virtualThreadScheduler.maxPoolSize, 256), so the carrier pool grows instead (from Java 24 on, "
			+ "JEP 491, wait() unmounts); fix: replace synchronized and wait()/notify() with a "
			+ "java.util.concurrent.locks.ReentrantLock and its Condition (await()/signal())";

	@Test
	void waitInALoopInsideASynchronizedBlock() {
		assertThatThrownBy(() -> RULE.check(importClasses(ObjectWaitInLoop.class)))
			.hasMessageContaining("Rule 'classes should not call Object.wait() while holding a monitor")
			.hasMessageContaining("Method <io.github.vtstarter.archunit.fixtures.pinning.ObjectWaitInLoop.awaitReady()> "
					+ "holds the monitor of the synchronized block at " + location(ObjectWaitInLoop.class, "// region")
					+ " and calls blocking method <java.lang.Object.wait()> in " + location(ObjectWaitInLoop.class, "// wait")
					+ "; " + WAIT_FIX)
			.hasMessageContaining("(1 times)");
	}

	@Test
	void waitWhoseMonitorIsTakenOutsideTheAnalysedCodeIsReportedWhereItIsCalled() {
		assertThat(violations(RULE, importClasses(WaitWithoutVisibleMonitor.class))).containsExactly(
				"Method <io.github.vtstarter.archunit.fixtures.pinning.WaitWithoutVisibleMonitor.pause(java.lang.Object)> "
						+ "calls <java.lang.Object.wait(long)> in "
						+ location(WaitWithoutVisibleMonitor.class, "// wait without monitor")
						+ ", which runs only while the caller holds the object's monitor; " + WAIT_FIX);
	}

	@Test
	void waitWhoseMonitorIsTakenInTheAnalysedCodeIsReportedOnceAtThatMonitor() {
		assertThat(violations(RULE, importClasses(WaitHelperCaller.class, WaitWithoutVisibleMonitor.class)))
			.containsExactly("Method <io.github.vtstarter.archunit.fixtures.pinning.WaitHelperCaller.pauseUnderLock()> "
					+ "holds the monitor of the synchronized block at " + location(WaitHelperCaller.class, "// region")
					+ " and calls blocking method <java.lang.Object.wait(long)> through "
					+ "<io.github.vtstarter.archunit.fixtures.pinning.WaitWithoutVisibleMonitor.pause(java.lang.Object)> in "
					+ location(WaitHelperCaller.class, "// pause") + " -> <java.lang.Object.wait(long)> in "
					+ location(WaitWithoutVisibleMonitor.class, "// wait without monitor") + "; " + WAIT_FIX);
	}

	@Test
	void waitReachedFromAnIgnoredClassesMonitorIsIgnoredToo() {
		assertThatNoException().isThrownBy(() -> VirtualThreadRules.noObjectWaitWhileSynchronized()
			.ignoring(simpleName("WaitHelperCaller"))
			.check(importClasses(WaitHelperCaller.class, WaitWithoutVisibleMonitor.class)));
	}

	@Test
	void otherBlockingCallsAreNotThisRulesConcern() {
		assertThatNoException().isThrownBy(() -> RULE.check(importClasses(SynchronizedBlockWithSleep.class)));
	}

	@Test
	void cleanFixturesAreClean() {
		// SynchronizedWithoutBlocking calls notifyAll(), which does not wait.
		assertThatNoException().isThrownBy(() -> RULE.check(importPackage("io.github.vtstarter.archunit.fixtures.clean")));
	}

}
