package io.github.vtstarter.watchdog;

import java.lang.management.ManagementFactory;
import java.time.Duration;

import io.github.vtstarter.pinning.TestJdk;
import io.github.vtstarter.threads.VirtualThreads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import com.sun.management.OperatingSystemMXBean;

/**
 * What one probe of the scheduler watchdog costs: the watchdog runs back to back (no pause between probes) for a
 * fixed number of probes, and the process CPU time they took is divided by their number. At the default interval
 * (1 s) the watchdog's share of one core is that cost per second. Prints figures, asserts nothing about time;
 * disabled unless asked for:
 * <pre>
 * mvn -pl vt-starter-autoconfigure test -Dtest=WatchdogProbeCostMeasurement -Dvt.scheduler.measure=true -Dtest.jvm=$J21
 * </pre>
 */
@EnabledIfSystemProperty(named = "vt.scheduler.measure", matches = "true")
@EnabledIf(TestJdk.VIRTUAL_THREADS)
class WatchdogProbeCostMeasurement {

	private static final int PROBES = 50_000;

	@Test
	void measure() throws Exception {
		OperatingSystemMXBean os = ManagementFactory.getPlatformMXBean(OperatingSystemMXBean.class);
		for (int run = 1; run <= 3; run++) {
			SchedulerWatchdog watchdog = new SchedulerWatchdog(Duration.ZERO, Duration.ofSeconds(1),
					Duration.ofSeconds(10), SchedulerWatchdog.DEFAULT_QUIET_PERIOD,
					VirtualThreads.namedFactory(SchedulerWatchdog.PROBE_NAME + "-"), new CarrierPool(),
					() -> HeldCarriers.UNKNOWN, () -> 0, () -> 0);
			long cpuBefore = os.getProcessCpuTime();
			long wallBefore = System.nanoTime();
			watchdog.start();
			while (watchdog.probesRun() < PROBES) {
				Thread.sleep(10);
			}
			long probes = watchdog.probesRun();
			watchdog.stop();
			long cpu = os.getProcessCpuTime() - cpuBefore;
			long wall = System.nanoTime() - wallBefore;
			double cpuPerProbeMicros = cpu / 1_000.0 / probes;
			System.out.printf("run %d: %d probes, CPU %.1f us/probe, wall %.1f us/probe, last lag %s, "
					+ "share of one core at 1 probe/s: %.5f%%%n", run, probes, cpuPerProbeMicros,
					wall / 1_000.0 / probes, watchdog.lastLag(), cpuPerProbeMicros / 1_000_000 * 100);
		}
	}

}
