package io.github.vtstarter.watchdog;

import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/**
 * The small values the watchdog reports as evidence: the carrier pool's line in health and logs, the machine's
 * busy share, the culprit frame of a stack, and the scheduler's description on the endpoint. What an operator reads
 * must say what was measured, at each boundary.
 */
class WatchdogEvidenceTests {

	@Test
	void carrierPoolLineSaysWhatTheCarriersGot() {
		assertThat(CarrierSnapshot.UNKNOWN).hasToString("carrier pool unknown");
		assertThat(new CarrierSnapshot(2, 2, 3, 1, 0))
			.hasToString("2 carriers (parallelism 2, high-water 3, active 1, queued submissions 0)");
		assertThat(new CarrierSnapshot(2, 2, 2, 2, 5, 0).toString())
			.endsWith("; between the last two thread dumps the carriers got 0% of a CPU each (blocked)");
		assertThat(new CarrierSnapshot(2, 2, 2, 2, 5, 1).toString())
			.endsWith("got 1% of a CPU each (the operating system gave the rest to other threads and processes)");
		assertThat(new CarrierSnapshot(2, 2, 2, 2, 5, 89).toString())
			.endsWith("got 89% of a CPU each (the operating system gave the rest to other threads and processes)");
		assertThat(new CarrierSnapshot(2, 2, 2, 2, 5, 90).toString()).endsWith("got 90% of a CPU each (running)");
	}

	@Test
	void aPoolIsKnownFromItsFirstCarrierAndCompensatesOnlyAboveItsParallelism() {
		assertThat(CarrierSnapshot.UNKNOWN.known()).isFalse();
		assertThat(CarrierSnapshot.UNKNOWN.compensating()).isFalse();
		assertThat(new CarrierSnapshot(0, 2, 0, 0, 0).known()).isTrue();
		assertThat(new CarrierSnapshot(2, 2, 2, 2, 0).compensating()).isFalse();
		assertThat(new CarrierSnapshot(3, 2, 3, 2, 0).compensating()).isTrue();
		// Unknown sizes never compensate, whatever the parallelism says.
		assertThat(new CarrierSnapshot(-1, -2, -1, -1, -1).compensating()).isFalse();
	}

	@Test
	void machineBusyShareIsMeasuredOnlyBetweenTwoKnownReadings() {
		CarrierCpuTimes earlier = new CarrierCpuTimes(Map.of(1L, 0L), Set.of(), 1_000, 10_000);
		assertThat(new CarrierCpuTimes(Map.of(1L, 5L), Set.of(), 1_500, 11_000).machineBusyPercentSince(earlier))
			.isEqualTo(50);
		assertThat(new CarrierCpuTimes(Map.of(1L, 5L), Set.of(), 1_999, 11_000).machineBusyPercentSince(earlier))
			.isEqualTo(99);
		// Clamped: counters read a tick apart can disagree a little.
		assertThat(new CarrierCpuTimes(Map.of(), Set.of(), 2_500, 11_000).machineBusyPercentSince(earlier))
			.isEqualTo(100);
		assertThat(new CarrierCpuTimes(Map.of(), Set.of(), 900, 11_000).machineBusyPercentSince(earlier)).isZero();
		// No time between them, or a reading that failed (-1): unknown.
		assertThat(new CarrierCpuTimes(Map.of(), Set.of(), 1_000, 10_000).machineBusyPercentSince(earlier))
			.isEqualTo(-1);
		assertThat(new CarrierCpuTimes(Map.of(), Set.of(), -1, -1).machineBusyPercentSince(earlier)).isEqualTo(-1);
		assertThat(new CarrierCpuTimes(Map.of(), Set.of(), 1_500, 11_000)
			.machineBusyPercentSince(new CarrierCpuTimes(Map.of(), Set.of(), -1, -1))).isEqualTo(-1);
		assertThat(new CarrierCpuTimes(Map.of(), Set.of(), 1_500, 11_000)
			.machineBusyPercentSince(new CarrierCpuTimes(Map.of(), Set.of(), 0, 0))).isEqualTo(13);
		assertThat(CarrierCpuTimes.UNKNOWN.known()).isFalse();
		assertThat(new CarrierCpuTimes(Map.of(1L, 0L)).known()).isTrue();
	}

	@Test
	void theCulpritIsTheFirstFrameOutsideTheJdk() {
		assertThat(new ThreadStack("t", "1", List.of("java.base/java.lang.Object.wait0(Native Method)",
				"com.acme.Cache.load(Cache.java:12)", "com.acme.Web.get(Web.java:3)"))
			.culpritFrame()).isEqualTo("com.acme.Cache.load(Cache.java:12)");
		// The dump's JSON may escape the slash.
		assertThat(new ThreadStack("t", "1", List.of("java.base\\/java.lang.Thread.sleep(Thread.java:1)",
				"com.acme.Job.run(Job.java:7)"))
			.culpritFrame()).isEqualTo("com.acme.Job.run(Job.java:7)");
		assertThat(new ThreadStack("t", "1", List.of("java.base/java.lang.Thread.sleep(Thread.java:1)",
				"java.base/java.lang.VirtualThread.run(VirtualThread.java:2)"))
			.culpritFrame()).isEqualTo("java.base/java.lang.Thread.sleep(Thread.java:1)");
		assertThat(new ThreadStack("t", "1", List.of()).culpritFrame()).isEqualTo("(no stack)");
	}

	@Test
	void culpritsComeMostFrequentFirst() {
		ThreadStack a = new ThreadStack("a", "1", List.of("com.acme.A.a(A.java:1)"));
		ThreadStack b = new ThreadStack("b", "2", List.of("com.acme.B.b(B.java:1)"));
		assertThat(ThreadStack.culprits(List.of(a, b, b, a, b))).containsExactly(entry("com.acme.B.b(B.java:1)", 3),
				entry("com.acme.A.a(A.java:1)", 2));
		assertThat(ThreadStack.culprits(List.of(b, a, a))).containsExactly(entry("com.acme.A.a(A.java:1)", 2),
				entry("com.acme.B.b(B.java:1)", 1));
	}

	@Test
	void onJdk21To23TheSchedulerIsDescribedByItsPropertiesAndTheJdksDefaults() {
		Map<String, Object> defaults = SchedulerInfo.fromProperties(new Properties(), 7);
		assertThat(defaults.get("source")).asString().startsWith("system properties");
		assertThat(defaults.get("parallelism")).isEqualTo(Map.of("value", 7, "setBy", "JDK default"));
		assertThat(defaults.get("maxPoolSize")).isEqualTo(Map.of("value", 256, "setBy", "JDK default"));
		assertThat(defaults.get("minRunnable")).isEqualTo(Map.of("value", 3, "setBy", "JDK default"));
		assertThat(SchedulerInfo.fromProperties(new Properties(), 1).get("minRunnable"))
			.isEqualTo(Map.of("value", 1, "setBy", "JDK default"));

		Properties set = new Properties();
		set.setProperty("jdk.virtualThreadScheduler.parallelism", " 300 ");
		set.setProperty("jdk.virtualThreadScheduler.minRunnable", "many");
		Map<String, Object> configured = SchedulerInfo.fromProperties(set, 7);
		assertThat(configured.get("parallelism"))
			.isEqualTo(Map.of("value", 300, "setBy", "-Djdk.virtualThreadScheduler.parallelism"));
		assertThat(configured.get("maxPoolSize")).isEqualTo(Map.of("value", 300, "setBy", "JDK default"));
		// Not a number: the default it would have, and who set it.
		assertThat(configured.get("minRunnable"))
			.isEqualTo(Map.of("value", 150, "setBy", "-Djdk.virtualThreadScheduler.minRunnable"));
	}

	@Test
	void theRunningJdkDescribesItsScheduler() {
		Map<String, Object> scheduler = SchedulerInfo.describe();
		if (Runtime.version().feature() >= 24) {
			assertThat(scheduler.get("source")).isEqualTo("jdk.management.VirtualThreadSchedulerMXBean");
			assertThat(scheduler).containsKeys("parallelism", "poolSize", "mounted", "queued");
			assertThat((Integer) scheduler.get("parallelism")).isPositive();
		}
		else {
			assertThat(scheduler.get("source")).asString().startsWith("system properties");
			assertThat(scheduler).containsKeys("parallelism", "maxPoolSize", "minRunnable");
		}
	}

}
