package io.github.vtstarter.archunit;

import com.tngtech.archunit.ArchConfiguration;
import com.tngtech.archunit.core.domain.JavaClasses;
import io.github.vtstarter.archunit.fixtures.pinning.ObjectWaitInLoop;
import io.github.vtstarter.archunit.fixtures.pinning.SynchronizedBlockWithSleep;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static io.github.vtstarter.archunit.FixtureSource.importClasses;
import static io.github.vtstarter.archunit.FixtureSource.location;
import static io.github.vtstarter.archunit.FixtureSource.violations;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNoException;

/**
 * The rules judge for the Java the application runs on: {@link VirtualThreadRules#forJava(int)}
 * or {@code vtstarter.java.version} in {@code archunit.properties}.
 */
class JavaVersionRulesTest {

	private static final String SLEEPER = "io.github.vtstarter.archunit.fixtures.pinning.SynchronizedBlockWithSleep";

	@AfterEach
	void resetConfiguration() {
		ArchConfiguration.get().reset();
	}

	@Test
	void monitorHeldAcrossABlockingCallPinsOnJava21To23AndSaysSo() {
		JavaClasses classes = importClasses(SynchronizedBlockWithSleep.class);
		for (int java : new int[] { 21, 22, 23 }) {
			assertThat(violations(VirtualThreadRules.forJava(java).noBlockingCallsWhileSynchronized(), classes))
				.containsExactly("Method <" + SLEEPER + ".retryLater()> holds the monitor of the synchronized block at "
						+ location(SynchronizedBlockWithSleep.class, "// region")
						+ " and calls blocking method <java.lang.Thread.sleep(long)> in "
						+ location(SynchronizedBlockWithSleep.class, "// sleep")
						+ "; applies to Java 21 to 23, where the virtual thread pins its carrier while it blocks (from "
						+ "Java 24 on, JEP 491, it unmounts; the monitor still serializes its callers); fix: guard the "
						+ "state with a java.util.concurrent.locks.ReentrantLock instead of synchronized, or move the "
						+ "blocking call out of the monitor");
		}
	}

	@Test
	void fromJava24AMonitorNoLongerPinsAndTheDescriptionSaysWhy() {
		JavaClasses classes = importClasses(SynchronizedBlockWithSleep.class, ObjectWaitInLoop.class);
		for (int java : new int[] { 24, 25 }) {
			JavaVersionRules rules = VirtualThreadRules.forJava(java);
			assertThat(rules.getJavaVersion()).isEqualTo(java);
			assertThat(rules).hasToString("VirtualThreadRules for Java " + java);
			assertThatNoException().isThrownBy(() -> rules.noBlockingCallsWhileSynchronized().check(classes));
			assertThatNoException().isThrownBy(() -> rules.noObjectWaitWhileSynchronized().check(classes));
			assertThatNoException().isThrownBy(() -> rules.pinning().check(classes));
			assertThat(rules.noBlockingCallsWhileSynchronized().getDescription()).endsWith(" on Java " + java
					+ " (nothing to report: from Java 24 on, JEP 491, a virtual thread unmounts while it holds a "
					+ "monitor; noMonitorHeldAcrossBlockingCalls() still flags the callers it serializes)");
			assertThat(rules.pinningRules()).singleElement()
				.satisfies((rule) -> assertThat(rule.getDescription()).contains("static initializers"));
		}
	}

	@Test
	void theOptInRuleFlagsSerializedCallersOnEveryJava() {
		JavaClasses classes = importClasses(SynchronizedBlockWithSleep.class, ObjectWaitInLoop.class);
		for (int java : new int[] { 21, 25 }) {
			assertThat(violations(VirtualThreadRules.forJava(java).noMonitorHeldAcrossBlockingCalls(), classes))
				.singleElement()
				.asString()
				.contains("<java.lang.Thread.sleep(long)>")
				.contains("; applies to every Java: every other caller of this monitor waits until the blocking call "
						+ "returns, so the callers are serialized (on Java 21 to 23 the carrier is pinned as well); fix:");
		}
	}

	@Test
	void objectWaitExplainsTheCarrierPoolGrowthOnJava21() {
		assertThat(violations(VirtualThreadRules.forJava(21).noObjectWaitWhileSynchronized(),
				importClasses(ObjectWaitInLoop.class)))
			.singleElement()
			.asString()
			.contains("and calls blocking method <java.lang.Object.wait()>")
			.contains("applies to Java 21 to 23, where wait() pins the carrier without any jdk.VirtualThreadPinned "
					+ "event: the scheduler compensates by starting another carrier thread (up to "
					+ "jdk.virtualThreadScheduler.maxPoolSize, 256), so the carrier pool grows instead (from Java 24 "
					+ "on, JEP 491, wait() unmounts)");
		// The blocking rule's catalogue holds wait() too, and words the finding the same way.
		assertThat(violations(VirtualThreadRules.forJava(21).noBlockingCallsWhileSynchronized(),
				importClasses(ObjectWaitInLoop.class)))
			.singleElement()
			.asString()
			.contains("where wait() pins the carrier without any jdk.VirtualThreadPinned event");
	}

	@Test
	void constantsJudgeForTheJavaOfArchunitProperties() {
		JavaClasses classes = importClasses(SynchronizedBlockWithSleep.class);
		assertThat(violations(VirtualThreadRules.NO_BLOCKING_CALLS_WHILE_SYNCHRONIZED, classes)).hasSize(1);
		ArchConfiguration.get().setProperty(VirtualThreadRules.JAVA_VERSION_PROPERTY, "25");
		assertThat(VirtualThreadRules.noBlockingCallsWhileSynchronized().getJavaVersion()).isEqualTo(25);
		assertThatNoException().isThrownBy(() -> VirtualThreadRules.NO_BLOCKING_CALLS_WHILE_SYNCHRONIZED.check(classes));
		// A version named in code wins over the properties.
		assertThat(violations(VirtualThreadRules.forJava(21).noBlockingCallsWhileSynchronized(), classes)).hasSize(1);
		ArchConfiguration.get().setProperty(VirtualThreadRules.JAVA_VERSION_PROPERTY, "twenty-one");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> VirtualThreadRules.NO_BLOCKING_CALLS_WHILE_SYNCHRONIZED.evaluate(classes))
			.withMessageContaining("vtstarter.java.version in archunit.properties must be a Java feature version");
	}

	@Test
	void javaWithoutVirtualThreadsIsRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> VirtualThreadRules.forJava(17))
			.withMessage("Virtual threads need Java 21 or later; the rules cannot judge for Java 17");
	}

}
