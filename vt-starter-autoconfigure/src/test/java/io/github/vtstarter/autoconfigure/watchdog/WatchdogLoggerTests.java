package io.github.vtstarter.autoconfigure.watchdog;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.github.vtstarter.autoconfigure.DegradedFeatures;
import io.github.vtstarter.autoconfigure.DegradedFeaturesCleanup;
import io.github.vtstarter.watchdog.CarrierSnapshot;
import io.github.vtstarter.watchdog.EpisodeSummary;
import io.github.vtstarter.watchdog.SchedulerState;
import io.github.vtstarter.watchdog.ThreadStack;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link WatchdogLogger}: the log budget. Overload is one INFO line, a stall one WARN with the stacks, starvation
 * one ERROR (stacks once per episode), the end of an episode one INFO line; start-up is summed up in one line.
 */
@ExtendWith(OutputCaptureExtension.class)
class WatchdogLoggerTests {

	private static final CarrierSnapshot CARRIERS = new CarrierSnapshot(2, 2, 2, 2, 400);

	private static final List<ThreadStack> HELD = List.of(new ThreadStack("spinner-1", "42",
			List.of("com.acme.Report.render(Report.java:12)", "java.base/java.lang.VirtualThread.run(Unknown Source)")));

	private final WatchdogLogger logger = new WatchdogLogger();

	@Test
	void overloadIsOneInfoLineAndItsEndAnother(CapturedOutput output) {
		this.logger.started();
		EpisodeSummary soFar = new EpisodeSummary(SchedulerState.OVERLOAD, Duration.ofSeconds(1),
				Duration.ofMillis(1200), 5000);
		this.logger.overloaded(Duration.ofMillis(1200), CARRIERS, soFar);
		this.logger.episodeEnded(new EpisodeSummary(SchedulerState.OVERLOAD, Duration.ofMinutes(10),
				Duration.ofSeconds(14), 2_000_000));
		assertThat(lines(output)).hasSize(2).allMatch((line) -> line.contains(" INFO "));
		assertThat(output.getOut()).contains("overload: virtual threads wait 1200 ms for a carrier while the carriers "
				+ "keep making progress")
			.contains("health 'virtualThreads' stays UP")
			.contains("the scheduling-lag episode is over: overload for 600.0 s, longest lag 14000 ms, "
					+ "2000000 tasks of the counted executors completed meanwhile")
			.doesNotContain("WARN")
			.doesNotContain("com.acme.Report");
	}

	@Test
	void aStallWarnsWithTheStacksAndStarvationDoesNotRepeatThem(CapturedOutput output) {
		this.logger.started();
		this.logger.stalled(Duration.ofSeconds(1), CARRIERS, HELD);
		this.logger.starved(Instant.parse("2026-11-25T12:00:00Z"), CARRIERS, HELD);
		this.logger.recovered(Duration.ofSeconds(12));
		this.logger.episodeEnded(new EpisodeSummary(SchedulerState.STARVED, Duration.ofSeconds(13),
				Duration.ofSeconds(13), 0));
		assertThat(output.getOut()).contains("WARN").contains("stall: the same virtual threads have held every "
				+ "carrier for 1000 ms")
			.contains("ERROR")
			.contains("has made no progress since 2026-11-25T12:00:00Z")
			.contains("Culprit frames: com.acme.Report.render(Report.java:12) (1 thread) (stacks in the stall's WARN above)")
			.contains("runs again after 12000 ms of starvation")
			.contains("episode is over: starvation for 13.0 s");
		// The stack is printed once: with the WARN.
		assertThat(output.getOut().split("\tat com.acme.Report.render", -1)).hasSize(2);
	}

	@Test
	void starvationWithoutAStallBeforeItHasTheStacks(CapturedOutput output) {
		this.logger.starved(Instant.parse("2026-11-25T12:00:00Z"), CARRIERS, HELD);
		assertThat(output.getOut()).contains("ERROR").contains("\"spinner-1\" #42 virtual")
			.contains("\tat com.acme.Report.render(Report.java:12)");
	}

	@Test
	void startUpIsSummedUpInOneInfoLineWhenItIsOver(CapturedOutput output) {
		this.logger.overloaded(Duration.ofMillis(1500), CARRIERS, null);
		this.logger.stalled(Duration.ofSeconds(1), CARRIERS, HELD);
		this.logger.carriersGrew(new CarrierSnapshot(6, 2, 6, 6, 0), HELD);
		this.logger.episodeEnded(new EpisodeSummary(SchedulerState.STALL, Duration.ofSeconds(2),
				Duration.ofSeconds(2), 10));
		assertThat(output.getOut()).isEmpty();
		this.logger.started();
		assertThat(lines(output)).singleElement()
			.asString()
			.contains(" INFO ")
			.contains("during start-up the virtual-thread scheduler lagged (1 overload, 1 stall episodes, carriers "
					+ "grew to 6)");
	}

	@Test
	void aHealthyStartLogsNothing(CapturedOutput output) {
		this.logger.started();
		assertThat(output.getOut()).isEmpty();
	}

	@Test
	void carrierGrowthAfterStartUpWarnsWithTheStacks(CapturedOutput output) {
		this.logger.started();
		this.logger.carriersGrew(new CarrierSnapshot(6, 2, 6, 6, 0), HELD);
		assertThat(output.getOut()).contains("WARN").contains("the carrier pool grew to 6 carriers for a parallelism of 2")
			.contains("Culprit frames: com.acme.Report.render");
	}

	@Test
	void anEpisodeThatWasNotLoggedEndsSilently(CapturedOutput output) {
		this.logger.episodeEnded(new EpisodeSummary(SchedulerState.LAGGING, Duration.ofSeconds(2),
				Duration.ofSeconds(2), 10));
		this.logger.started();
		this.logger.episodeEnded(new EpisodeSummary(SchedulerState.LAGGING, Duration.ofSeconds(2),
				Duration.ofSeconds(2), 10));
		assertThat(output.getOut()).isEmpty();
	}

	@Test
	void dumpsThatFailAreOneWarningAndADegradedFeature(CapturedOutput output) {
		this.logger.evidenceUnavailable(new IllegalStateException("this JVM cannot dump its virtual threads"));
		this.logger.evidenceUnavailable(new IllegalStateException("this JVM cannot dump its virtual threads"));
		assertThat(DegradedFeatures.all()).hasEntrySatisfying(WatchdogLogger.DUMPS,
				(reason) -> assertThat(reason).contains("this JVM cannot dump its virtual threads"));
		assertThat(lines(output)).filteredOn((line) -> line.contains(" WARN ")).hasSize(1);
		DegradedFeaturesCleanup.forget(WatchdogLogger.DUMPS);
	}

	private static List<String> lines(CapturedOutput output) {
		return output.getOut().lines().filter((line) -> !line.isBlank()).toList();
	}

}
