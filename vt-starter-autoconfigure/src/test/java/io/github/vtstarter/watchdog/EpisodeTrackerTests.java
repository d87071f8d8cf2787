package io.github.vtstarter.watchdog;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import io.github.vtstarter.watchdog.EpisodeTracker.Event;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link EpisodeTracker}: overload is told from a stall by progress, every report comes once per episode, and a
 * dump that shows nothing proves nothing. Histories are replayed with explicit times (ms), as the watchdog would
 * see them: a probe submitted at {@code submitted}, checks every 100 ms.
 */
class EpisodeTrackerTests {

	private static final Duration LAG = Duration.ofSeconds(1);

	private static final Duration STARVATION = Duration.ofSeconds(10);

	private static final Duration QUIET = Duration.ofSeconds(30);

	private static final Duration SNAPSHOTS = Duration.ofSeconds(1);

	private final EpisodeTracker tracker = new EpisodeTracker(LAG, STARVATION, QUIET, SNAPSHOTS);

	private final List<Event> events = new ArrayList<>();

	private long work;

	private long completed;

	// The share of a CPU each of two carriers gets, or -1: CPU time not measured.
	private int cpuPercent = -1;

	@Test
	void overloadWithCountedWorkIsOneReportAndNeverStarvation() {
		// A probe waits 60 s while counted executors complete tasks all along: a long queue, not a freeze.
		wait(0, 60_000, (now) -> {
			this.work += 10;
			this.completed += 5;
			return null;
		});
		assertThat(this.events).containsExactly(Event.OVERLOAD);
		assertThat(this.tracker.state()).isEqualTo(SchedulerState.OVERLOAD);
		assertThat(this.tracker.isStarved()).isFalse();
		assertThat(this.tracker.overloadEpisodes()).isEqualTo(1);
		assertThat(this.tracker.stallEpisodes()).isZero();
	}

	@Test
	void overloadSeenOnlyByCarriersChangingHandsIsOverload() {
		// JDK 21, uncounted virtual threads: the counts stand still, but every dump shows other mounted threads.
		long[] generation = { 0 };
		wait(0, 30_000, (now) -> held("t" + generation[0]++, "u" + generation[0]));
		assertThat(this.events).containsExactly(Event.OVERLOAD);
		assertThat(this.tracker.isStarved()).isFalse();
	}

	@Test
	void sameHoldersAndNoWorkIsAStallThenStarvationThenRecoveryThenTheEnd() {
		HeldCarriers pinned = held("a", "b");
		wait(0, 12_000, (now) -> pinned);
		// The counts never move: dumps from 1.1 s on, all the same; the stall is proven at 2.1 s, starvation at 11.1 s.
		assertThat(this.events).containsExactly(Event.STALL, Event.STARVATION);
		assertThat(this.tracker.isStarved()).isTrue();
		assertThat(this.tracker.state()).isEqualTo(SchedulerState.STARVED);
		assertThat(this.tracker.stallEvidence()).isSameAs(pinned);
		this.events.clear();

		this.tracker.probeRan(12_100 * MS, 12_100 * MS);
		this.events.addAll(this.tracker.drain());
		assertThat(this.events).containsExactly(Event.RECOVERY);
		assertThat(this.tracker.isStarved()).isFalse();
		assertThat(this.tracker.lastStarvation()).isGreaterThanOrEqualTo(STARVATION);
		this.events.clear();

		// Fast probes after that: the episode ends after the quiet period, once.
		for (long t = 13_000; t <= 13_000 + 31_000; t += 1_000) {
			this.tracker.probeRan(t * MS, MS);
			this.events.addAll(this.tracker.drain());
		}
		assertThat(this.events).containsExactly(Event.END);
		EpisodeSummary summary = this.tracker.lastSummary();
		assertThat(summary.worst()).isEqualTo(SchedulerState.STARVED);
		assertThat(summary.maxLag()).isGreaterThanOrEqualTo(Duration.ofSeconds(12));
		assertThat(this.tracker.state()).isEqualTo(SchedulerState.NORMAL);
		assertThat(this.tracker.starvationEpisodes()).isEqualTo(1);
		assertThat(this.tracker.stallEpisodes()).isEqualTo(1);
	}

	@Test
	void aStallIsNotReportedBeforeTwoDumpsProveItForTheLagThreshold() {
		HeldCarriers pinned = held("a", "b");
		wait(0, 2_000, (now) -> pinned);
		// The counts stand still from 0; the first dump (1.1 s) is the baseline, the next (2.1 s) proves the stall.
		assertThat(this.events).isEmpty();
		this.events.clear();
		wait(0, 2_100, 2_000, (now) -> pinned);
		assertThat(this.events).containsExactly(Event.STALL);
	}

	@Test
	void workThatMovesEndsAStallProofAndNoStarvationFollows() {
		HeldCarriers pinned = held("a", "b");
		// Same holders all along, but a counted task completes every 5 s: never 10 s without progress.
		wait(0, 40_000, (now) -> {
			if (now % 5_000 == 0) {
				this.work++;
			}
			return pinned;
		});
		assertThat(this.events).contains(Event.STALL).doesNotContain(Event.STARVATION);
		assertThat(this.tracker.isStarved()).isFalse();
	}

	@Test
	void workThatEndsAsTheProbeWaitsIsNotOverload() {
		// The request that started the culprits completes just after the probe was submitted; then nothing moves.
		HeldCarriers spinning = held("s1", "s2");
		wait(0, 3_000, (now) -> {
			if (now == 200) {
				this.work++;
			}
			return spinning;
		});
		assertThat(this.events).containsExactly(Event.STALL);
	}

	@Test
	void aGcPauseBetweenTwoDumpsProvesNoStall() {
		HeldCarriers same = held("a", "b");
		this.tracker.counts(0, 0, 0);
		// A dump, then a 3 s stop-the-world pause, then the same threads still mounted: nobody ran, the JVM did not.
		this.tracker.snapshot(1_100 * MS, 0, same, 0);
		this.tracker.snapshot(4_200 * MS, 3_000 * MS, same, 0);
		this.tracker.waiting(4_200 * MS, 4_200 * MS);
		assertThat(this.tracker.drain()).isEmpty();
		assertThat(this.tracker.provenStallNanos()).isEqualTo(100 * MS);
		// Afterwards the pause is not counted, the rest is.
		this.tracker.snapshot(5_300 * MS, 3_000 * MS, same, 0);
		this.tracker.waiting(5_300 * MS, 5_300 * MS);
		assertThat(this.tracker.drain()).containsExactly(Event.STALL);
		assertThat(this.tracker.provenStallNanos()).isEqualTo(1_200 * MS);
	}

	@Test
	void aDumpThatShowsNoMountedThreadProvesNothing() {
		wait(0, 30_000, (now) -> HeldCarriers.UNKNOWN);
		assertThat(this.events).isEmpty();
		assertThat(this.tracker.isStarved()).isFalse();
		assertThat(this.tracker.state()).isEqualTo(SchedulerState.LAGGING);
	}

	@Test
	void equalThresholdsGoStraightToStarvation() {
		EpisodeTracker equal = new EpisodeTracker(LAG, LAG, QUIET, SNAPSHOTS);
		HeldCarriers pinned = held("a");
		List<Event> seen = new ArrayList<>();
		for (long t = 100; t <= 3_000; t += 100) {
			equal.counts(t * MS, 0, 0);
			if (equal.wantsSnapshot(t * MS, t * MS)) {
				equal.snapshot(t * MS, pinned, 0);
			}
			equal.waiting(t * MS, t * MS);
			seen.addAll(equal.drain());
		}
		assertThat(seen).containsExactly(Event.STARVATION);
		assertThat(equal.stallEpisodes()).isEqualTo(1);
	}

	@Test
	void aProbeWithinTheLagThresholdOpensNothing() {
		wait(0, 1_000, (now) -> held("a"));
		this.tracker.probeRan(1_000 * MS, 1_000 * MS);
		assertThat(this.tracker.drain()).isEmpty();
		assertThat(this.tracker.current(1_000 * MS)).isNull();
		assertThat(this.tracker.state()).isEqualTo(SchedulerState.NORMAL);
	}

	@Test
	void theNextEpisodeIsReportedAgainAfterTheQuietPeriodOnly() {
		wait(0, 3_000, (now) -> {
			this.work++;
			return null;
		});
		this.tracker.probeRan(3_000 * MS, 3_000 * MS);
		// Another lagging probe 10 s later belongs to the same episode: no second report.
		wait(13_000, 16_000, (now) -> {
			this.work++;
			return null;
		});
		this.tracker.probeRan(16_000 * MS, 3_000 * MS);
		assertThat(this.events).containsExactly(Event.OVERLOAD);
		this.events.clear();
		this.tracker.probeRan(46_000 * MS, MS);
		this.events.addAll(this.tracker.drain());
		assertThat(this.events).containsExactly(Event.END);
		// From the first check past the lag threshold (1.1 s) to the last lagging probe (16 s).
		assertThat(this.tracker.lastSummary().duration()).isEqualTo(Duration.ofMillis(16_000 - 1_100));
		this.events.clear();
		wait(50_000, 53_000, (now) -> {
			this.work++;
			return null;
		});
		assertThat(this.events).containsExactly(Event.OVERLOAD);
		assertThat(this.tracker.overloadEpisodes()).isEqualTo(2);
	}

	@Test
	void theSummaryCountsTheTasksCompletedDuringTheEpisode() {
		this.completed = 1_000;
		wait(0, 5_000, (now) -> {
			this.work++;
			this.completed++;
			return null;
		});
		this.tracker.probeRan(5_000 * MS, 5_000 * MS);
		this.tracker.probeRan(36_000 * MS, MS);
		EpisodeSummary summary = this.tracker.lastSummary();
		assertThat(summary.worst()).isEqualTo(SchedulerState.OVERLOAD);
		assertThat(summary.completedTasks()).isBetween(35L, 41L);
		assertThat(summary.maxLag()).isEqualTo(Duration.ofSeconds(5));
	}

	@Test
	void dumpsAreRateLimitedByTheirCostAfterTheFirstTwo() {
		this.tracker.counts(0, 0, 0);
		assertThat(this.tracker.wantsSnapshot(1_500 * MS, 1_500 * MS)).isTrue();
		// The first dump after the counts stood still took 200 ms: the second still comes 1 s later, to prove a stall.
		this.tracker.snapshot(1_500 * MS, held("a"), 200 * MS);
		assertThat(this.tracker.wantsSnapshot(2_400 * MS, 2_400 * MS)).isFalse();
		assertThat(this.tracker.wantsSnapshot(2_500 * MS, 2_500 * MS)).isTrue();
		this.tracker.snapshot(2_500 * MS, held("b"), 200 * MS);
		// From the second on: no sooner than twenty times the last dump's cost, 4 s.
		assertThat(this.tracker.wantsSnapshot(4_000 * MS, 4_000 * MS)).isFalse();
		assertThat(this.tracker.wantsSnapshot(6_500 * MS, 6_500 * MS)).isTrue();
		// None while the probe waits less than the lag threshold, or while the counts move.
		assertThat(this.tracker.wantsSnapshot(9_000 * MS, 900 * MS)).isFalse();
		this.tracker.counts(9_000 * MS, 1, 0);
		assertThat(this.tracker.wantsSnapshot(9_500 * MS, 9_500 * MS)).isFalse();
		// Once the counts moved, the next two are quick again.
		assertThat(this.tracker.wantsSnapshot(10_000 * MS, 10_000 * MS)).isTrue();
		this.tracker.snapshot(10_000 * MS, held("c"), 200 * MS);
		assertThat(this.tracker.wantsSnapshot(11_000 * MS, 11_000 * MS)).isTrue();
	}

	@Test
	void aStallIsProvenWithinOneSnapshotIntervalEvenWhenDumpsAreSlow() {
		replayWithSlowDumps(this.tracker, 2_200, held("a", "b"), 300);
		assertThat(this.events).containsExactly(Event.STALL);
	}

	@Test
	void aProvenStallIsJudgedStarvationAtTheThresholdEvenWhenDumpsAreSlow() {
		// A loaded machine: each dump takes 500 ms, so after the first two they would come 10 s apart. Two requests
		// pin both carriers from 0 to 11.5 s: the stall is proven at 2.1 s, and starvation is due at 11.1 s, not at
		// the next cost-spaced dump (12.1 s), when the carriers are free again. CI's alarm smoke missed it so.
		List<Long> dumps = replayWithSlowDumps(this.tracker, 11_500, held("a", "b"), 500);
		assertThat(this.events).containsExactly(Event.STALL, Event.STARVATION);
		assertThat(this.tracker.starvedSince()).isEqualTo(1_100 * MS);
		// One dump more than the cost allows, the one that proves starvation; none after it.
		assertThat(dumps).containsExactly(1_100L, 2_100L, 11_100L);
	}

	@Test
	void withAShortProbeIntervalTheStallAndTheStarvationAreEachJudgedAtTheirThresholdWhenDumpsAreSlow() {
		// A probe every 200 ms (the first two dumps 200 ms apart, too close to prove a stall), thresholds of 1 s and
		// 3 s, dumps of 300 ms on a loaded machine (cost-spaced: 6 s apart). The run of the same holders brings the
		// next dump forward to each verdict: the stall at 1 s of proof, starvation at 3 s.
		EpisodeTracker tracker = new EpisodeTracker(LAG, Duration.ofSeconds(3), QUIET, Duration.ofMillis(200));
		List<Long> dumps = replayWithSlowDumps(tracker, 6_000, held("a", "b"), 300);
		assertThat(this.events).containsExactly(Event.STALL, Event.STARVATION);
		assertThat(dumps).containsExactly(1_100L, 1_300L, 2_100L, 4_100L);
	}

	@Test
	void dumpsOfAnOverloadStayRateLimitedByTheirCost() {
		// Holders that change at every dump prove no stall: no dump is brought forward for a starvation verdict.
		this.tracker.counts(0, 0, 0);
		this.tracker.snapshot(1_100 * MS, held("a"), 500 * MS);
		this.tracker.snapshot(2_100 * MS, held("b"), 500 * MS);
		assertThat(this.tracker.wantsSnapshot(11_000 * MS, 11_000 * MS)).isFalse();
		assertThat(this.tracker.wantsSnapshot(12_100 * MS, 12_100 * MS)).isTrue();
	}

	@Test
	void theSameHoldersThatGotPartOfACpuHaveTheNextDumpWhenTheyWillHaveRunTheLagThreshold() {
		// The same two requests mounted at both dumps, each given a fifth of a CPU: no stall is proven yet, but at that
		// share they will have run for the lag threshold (1 s of CPU) 4 s after the second dump. The next dump comes
		// then, not after twenty times its cost (10 s).
		this.tracker.counts(0, 0, 0);
		HeldCarriers mounted = held("a", "b");
		this.tracker.snapshot(1_100 * MS, 0, mounted, cpu(0, 0), 500 * MS);
		this.tracker.snapshot(2_100 * MS, 0, mounted, cpu(200 * MS, 200 * MS), 500 * MS);
		assertThat(this.tracker.provenStallNanos()).isZero();
		assertThat(this.tracker.wantsSnapshot(6_000 * MS, 6_000 * MS)).isFalse();
		assertThat(this.tracker.wantsSnapshot(6_100 * MS, 6_100 * MS)).isTrue();
	}

	@Test
	void theSameHoldersReadyToRunWithNextToNoCpuKeepTheDumpsSpacedByTheirCost() {
		// Both carriers runnable, next to no CPU, the machine saturated: they wait for the operating system, and no
		// share tells when they could prove a stall. The dumps keep the spacing by their cost.
		this.tracker.counts(0, 0, 0);
		HeldCarriers mounted = held("a", "b");
		this.tracker.snapshot(1_100 * MS, 0, mounted, runnableCpu(0, 0, 9_500, 10_000), 500 * MS);
		this.tracker.snapshot(2_100 * MS, 0, mounted, runnableCpu(MS, MS, 10_500, 11_000), 500 * MS);
		assertThat(this.tracker.wantsSnapshot(12_000 * MS, 12_000 * MS)).isFalse();
		assertThat(this.tracker.wantsSnapshot(12_100 * MS, 12_100 * MS)).isTrue();
	}

	@Test
	void aSpinOnABusyMachineIsJudgedStarvationBeforeItEndsEvenWhenDumpsAreSlow() {
		// CI's alarm smoke, cpu-held case, with the machine saturated by other processes: two requests spin for 20 s
		// on both carriers, and each carrier gets 45% of a CPU; dumps take 500 ms (cost-spaced: 10 s apart);
		// thresholds of 1 s and 3 s. Each pair of dumps shows a share of a CPU, so no stall is proven until the
		// carriers have run for 1 s of CPU. The next dump was spaced by its cost, and the episode ended as overload
		// after the spin; now it comes when the share makes the proof due.
		EpisodeTracker tracker = new EpisodeTracker(LAG, Duration.ofSeconds(3), QUIET, SNAPSHOTS);
		HeldCarriers spinning = held("s1", "s2");
		List<Long> dumps = new ArrayList<>();
		for (long t = 100; t <= 20_000; t += 100) {
			long now = t * MS;
			tracker.counts(now, 0, 0);
			if (tracker.wantsSnapshot(now, now)) {
				dumps.add(t);
				long spun = now * 45 / 100;
				tracker.snapshot(now, 0, spinning, runnableCpu(spun, spun, t, t), 500 * MS);
			}
			tracker.waiting(now, now);
			this.events.addAll(tracker.drain());
		}
		// 1.1 s: the first; 2.1 s: 0.45 s of CPU each, due 1.22 s later; 3.4 s (the next check): 1.04 s of CPU, a
		// stall proven for 2.3 s; 4.4 s: proven for 3.3 s, starvation. Then the spacing by cost again.
		assertThat(dumps).containsExactly(1_100L, 2_100L, 3_400L, 4_400L, 14_400L);
		assertThat(this.events).containsExactly(Event.STALL, Event.STARVATION);
		assertThat(tracker.starvedSince()).isEqualTo(1_100 * MS);
	}

	@Test
	void carriersThatGotPartOfACpuProveNoStallAndTheWorkThatFollowsIsOverload() {
		// A machine whose other processes take the CPU: each carrier gets 20% of one, and the same two short
		// requests stay mounted between dumps for 4 s. They wait for the operating system, not for the scheduler:
		// they have run for 0.8 s of CPU, less than the lag threshold.
		this.cpuPercent = 20;
		HeldCarriers requests = held("r1", "r2");
		wait(0, 5_000, (now) -> requests);
		assertThat(this.events).isEmpty();
		assertThat(this.tracker.state()).isEqualTo(SchedulerState.LAGGING);
		assertThat(this.tracker.provenStallNanos()).isZero();
		assertThat(this.tracker.carrierCpuPercent()).isEqualTo(20);
		// The requests complete: overload, never a stall.
		this.work++;
		wait(0, 5_500, 5_100, (now) -> held("r3", "r4"));
		assertThat(this.events).containsExactly(Event.OVERLOAD);
		assertThat(this.tracker.stallEpisodes()).isZero();
	}

	@Test
	void carriersThatGotNoCpuProveAStall() {
		// Pinned in Object.wait: the carriers use next to nothing.
		this.cpuPercent = 0;
		HeldCarriers pinned = held("a", "b");
		wait(0, 12_000, (now) -> pinned);
		assertThat(this.events).containsExactly(Event.STALL, Event.STARVATION);
		assertThat(this.tracker.carrierCpuPercent()).isZero();
	}

	@Test
	void carriersThatRanAllAlongProveAStall() {
		// Code that never yields: the carriers get the CPU.
		this.cpuPercent = 98;
		HeldCarriers spinning = held("s1", "s2");
		wait(0, 12_000, (now) -> spinning);
		assertThat(this.events).containsExactly(Event.STALL, Event.STARVATION);
		assertThat(this.tracker.carrierCpuPercent()).isEqualTo(98);
	}

	@Test
	void aSpinnerOnALoadedMachineIsAStallOnceItRanForTheLagThreshold() {
		// Code that never yields, on a machine where it gets half a CPU: after 1 s of wall time it has run 0.5 s,
		// which could be a slow request; after 2 s it has run for the lag threshold: a stall.
		this.cpuPercent = 50;
		HeldCarriers spinning = held("s1", "s2");
		wait(0, 2_500, (now) -> spinning);
		assertThat(this.events).isEmpty();
		wait(0, 3_500, 2_600, (now) -> spinning);
		assertThat(this.events).containsExactly(Event.STALL);
		wait(0, 12_500, 3_600, (now) -> spinning);
		assertThat(this.events).containsExactly(Event.STALL, Event.STARVATION);
	}

	@Test
	void oneCarrierReadyToRunAmongBlockedOnesProvesNoStall() {
		HeldCarriers held = held("a", "b");
		// Carrier 1 blocked (no CPU), carrier 2 got 40% of a CPU over 2 s: it was running something, slowly.
		assertThat(twoDumps(held, 1_100, cpu(0, 0),
				3_100, cpu(0, 800 * MS))).isEmpty();
		assertThat(this.tracker.carrierCpuPercent()).isEqualTo(40);
		// Still the same holders at 5.1 s, carrier 2 with nothing more: 800 ms over 4 s, 20%, still no proof.
		this.tracker.snapshot(5_100 * MS, 0, held, cpu(0, 800 * MS), 0);
		this.tracker.waiting(5_100 * MS, 5_100 * MS);
		assertThat(this.tracker.drain()).isEmpty();
		assertThat(this.tracker.provenStallNanos()).isZero();
	}

	@Test
	void carriersThatGotNoCpuButWereReadyToRunProveNoStall() {
		// The whole machine busy elsewhere: the carriers got nothing at all, yet they are RUNNABLE, not waiting.
		HeldCarriers requests = held("r1", "r2");
		assertThat(twoDumps(requests, 1_100, new CarrierCpuTimes(java.util.Map.of(1L, 0L, 2L, 0L), Set.of(1L, 2L)),
				3_100, new CarrierCpuTimes(java.util.Map.of(1L, 0L, 2L, 0L), Set.of(1L, 2L)))).isEmpty();
		assertThat(this.tracker.provenStallNanos()).isZero();
		// The same, waiting (pinned): a stall.
		this.tracker.snapshot(4_100 * MS, 0, requests, cpu(0, 0), 0);
		this.tracker.waiting(4_100 * MS, 4_100 * MS);
		assertThat(this.tracker.drain()).containsExactly(Event.STALL);
	}

	@Test
	void readyCarriersThatGotNoCpuOnAMachineWithCpuToSpareWereBlockedInNativeCode() {
		// RUNNABLE and no CPU while the machine's CPUs were 30% busy: the operating system would have run them, so
		// they were blocked in a call the JVM counts as running (a DNS lookup, a JNI library): a stall.
		HeldCarriers requests = held("r1", "r2");
		assertThat(twoDumps(requests, 1_100, runnableCpu(0, 0, 1_000, 10_000),
				3_100, runnableCpu(0, 0, 1_300, 11_000))).containsExactly(Event.STALL);
	}

	@Test
	void readyCarriersThatGotNoCpuOnASaturatedMachineWaitedForIt() {
		// The same, the machine's CPUs 95% busy: the operating system ran other processes; no stall.
		HeldCarriers requests = held("r1", "r2");
		assertThat(twoDumps(requests, 1_100, runnableCpu(0, 0, 1_000, 10_000),
				3_100, runnableCpu(0, 0, 1_950, 11_000))).isEmpty();
		assertThat(this.tracker.provenStallNanos()).isZero();
	}

	@Test
	void aCarrierBlockedInNativeCodeBesideSpinnersIsAStallOnTheMachineTheySaturate() {
		// Jetty 12.1 on JDK 21: its selector, a virtual thread, holds carrier 1 in epoll_wait (RUNNABLE for the JVM,
		// no CPU); two spinners hold carriers 2 and 3 and keep the machine's CPUs 97% busy themselves. The operating
		// system shares the CPU among a process's ready threads: carrier 1 was not ready, it was blocked.
		HeldCarriers held = held("selector", "s1", "s2");
		assertThat(twoDumps(held, 1_100, threeRunnable(0, 0, 0, 1_000, 10_000),
				3_100, threeRunnable(0, 1_900 * MS, 1_900 * MS, 1_390, 10_400))).containsExactly(Event.STALL);
	}

	@Test
	void aReadyCarrierThatGotATenthOfItsSiblingsShareOrMoreMayHaveWaitedForTheCpu() {
		// A machine loaded elsewhere: over 20 s the spinners on carriers 2 and 3 got 1.2 s each (6%), ran for the
		// lag threshold, a stall of their own; carrier 1, RUNNABLE, got 150 ms (0.75%), more than a tenth of
		// theirs. It may have been ready to run all along and got its share of a crowded machine: no proof.
		HeldCarriers held = held("r1", "s1", "s2");
		assertThat(twoDumps(held, 1_100, threeRunnable(0, 0, 0, 1_000, 10_000),
				21_100, threeRunnable(150 * MS, 1_200 * MS, 1_200 * MS, 4_900, 14_000))).isEmpty();
		assertThat(this.tracker.provenStallNanos()).isZero();
		// With 10 ms, under a tenth of theirs, carrier 1 was blocked: a stall proven for 20 s, starvation at once.
		this.tracker.snapshot(21_200 * MS, 0, held("r2", "s1", "s2"), threeRunnable(0, 0, 0, 1_000, 10_000), 0);
		this.tracker.snapshot(41_200 * MS, 0, held("r2", "s1", "s2"),
				threeRunnable(10 * MS, 1_200 * MS, 1_200 * MS, 4_900, 14_000), 0);
		this.tracker.waiting(41_200 * MS, 41_200 * MS);
		assertThat(this.tracker.drain()).containsExactly(Event.STARVATION);
	}

	@Test
	void carriersThatAllGotNextToNoCpuOnASaturatedMachineWaitedForIt() {
		// Carrier 2 got 0.5% of a CPU, carrier 1 none: less than the blocked share each, so neither outran the
		// other; the machine was busy elsewhere.
		HeldCarriers held = held("r1", "r2", "r3");
		assertThat(twoDumps(held, 1_100, threeRunnable(0, 0, 0, 1_000, 10_000),
				3_100, threeRunnable(0, 10 * MS, 0, 1_390, 10_400))).isEmpty();
	}

	@Test
	void aProbeThatRanLateOpensAnEpisodeWhoseSummarySaysSoFar() {
		// No check saw it wait: the probe ran after 2.5 s. That alone opens an episode, lagging.
		this.tracker.counts(0, 0, 40);
		this.tracker.probeRan(2_500 * MS, 2_500 * MS);
		assertThat(this.tracker.episodeStart()).isEqualTo(2_500 * MS);
		this.tracker.counts(4_000 * MS, 10, 55);
		EpisodeSummary soFar = this.tracker.current(4_000 * MS);
		assertThat(soFar.worst()).isEqualTo(SchedulerState.LAGGING);
		assertThat(soFar.duration()).isEqualTo(Duration.ofMillis(1_500));
		assertThat(soFar.maxLag()).isEqualTo(Duration.ofMillis(2_500));
		assertThat(soFar.completedTasks()).isEqualTo(15);
		// Quiet for the quiet period: it ends, and its summary is kept.
		this.tracker.probeRan(32_500 * MS, MS);
		assertThat(this.tracker.drain()).containsExactly(Event.END);
		assertThat(this.tracker.current(32_500 * MS)).isNull();
		assertThat(this.tracker.lastSummary().duration()).isZero();
		assertThat(this.tracker.lastSummary().completedTasks()).isEqualTo(15);
	}

	@Test
	void aStallEpisodeEndsWithStallAsItsWorstAndStarvationKnowsWhenItBegan() {
		HeldCarriers pinned = held("a", "b");
		wait(0, 2_500, (now) -> pinned);
		assertThat(this.events).containsExactly(Event.STALL);
		this.tracker.probeRan(2_600 * MS, 2_600 * MS);
		this.tracker.probeRan(40_000 * MS, MS);
		assertThat(this.tracker.lastSummary().worst()).isEqualTo(SchedulerState.STALL);

		EpisodeTracker starving = new EpisodeTracker(LAG, STARVATION, QUIET, SNAPSHOTS);
		starving.counts(0, 0, 0);
		starving.snapshot(1_100 * MS, 0, pinned, 0);
		starving.snapshot(11_200 * MS, 0, pinned, 0);
		starving.waiting(11_200 * MS, 11_200 * MS);
		assertThat(starving.isStarved()).isTrue();
		assertThat(starving.starvedSince()).isEqualTo(1_100 * MS);
		assertThat(starving.stallEvidence()).isSameAs(pinned);
		starving.probeRan(12_000 * MS, 12_000 * MS);
		assertThat(starving.lastStarvation()).isEqualTo(Duration.ofMillis(12_000 - 1_100));
	}

	@Test
	void machineCpuTicksReadTheRealProcStat() {
		long[] ticks = CarrierPool.machineCpuTicks();
		if (java.nio.file.Files.isReadable(java.nio.file.Path.of("/proc/stat"))) {
			assertThat(ticks[1]).isPositive();
			assertThat(ticks[0]).isBetween(0L, ticks[1]);
		}
		else {
			assertThat(ticks).containsExactly(-1, -1);
		}
		// user nice system idle iowait irq softirq steal guest guest_nice
		assertThat(CarrierPool.machineCpuTicks("cpu  100 5 50 800 40 3 2 0 7 0")).containsExactly(160, 1000);
		assertThat(CarrierPool.machineCpuTicks("intr 1 2 3")).containsExactly(-1, -1);
	}

	private static CarrierCpuTimes runnableCpu(long first, long second, long machineBusy, long machineTotal) {
		return new CarrierCpuTimes(java.util.Map.of(1L, first, 2L, second), Set.of(1L, 2L), machineBusy,
				machineTotal);
	}

	// Two dumps that show the same holders, the carriers' CPU times read with each, the counts standing still from
	// 0, and the check at the second dump: what the tracker reports.
	private List<Event> twoDumps(HeldCarriers held, long firstMs, CarrierCpuTimes first, long secondMs,
			CarrierCpuTimes second) {
		this.tracker.counts(0, 0, 0);
		this.tracker.snapshot(firstMs * MS, 0, held, first, 0);
		this.tracker.snapshot(secondMs * MS, 0, held, second, 0);
		this.tracker.waiting(secondMs * MS, secondMs * MS);
		return this.tracker.drain();
	}

	private static CarrierCpuTimes threeRunnable(long first, long second, long third, long machineBusy,
			long machineTotal) {
		return new CarrierCpuTimes(java.util.Map.of(1L, first, 2L, second, 3L, third), Set.of(1L, 2L, 3L),
				machineBusy, machineTotal);
	}

	private static CarrierCpuTimes cpu(long first, long second) {
		return new CarrierCpuTimes(java.util.Map.of(1L, first, 2L, second));
	}

	private static final long MS = 1_000_000;

	private void wait(long submitted, long until, Observation observation) {
		wait(submitted, until, submitted + 100, observation);
	}

	// Replays the checks of one probe submitted at `submitted` (ms) from `from` to `until`, every 100 ms.
	private void wait(long submitted, long until, long from, Observation observation) {
		for (long t = from; t <= until; t += 100) {
			HeldCarriers held = observation.at(t);
			long now = t * MS;
			this.tracker.counts(now, this.work, this.completed);
			if (this.tracker.wantsSnapshot(now, (t - submitted) * MS)) {
				CarrierCpuTimes cpu = (this.cpuPercent >= 0) ? cpu(now * this.cpuPercent / 100, now * this.cpuPercent / 100)
						: CarrierCpuTimes.UNKNOWN;
				this.tracker.snapshot(now, 0, (held != null) ? held : HeldCarriers.UNKNOWN, cpu, 0);
			}
			this.tracker.waiting(now, (t - submitted) * MS);
			this.events.addAll(this.tracker.drain());
		}
	}

	// Replays a probe submitted at 0 that waits until `until` (ms), checked every 100 ms, while the counts stand still
	// and every dump shows `held` and takes `costMs`: the times (ms) of the dumps taken.
	private List<Long> replayWithSlowDumps(EpisodeTracker tracker, long until, HeldCarriers held, long costMs) {
		List<Long> dumps = new ArrayList<>();
		for (long t = 100; t <= until; t += 100) {
			long now = t * MS;
			tracker.counts(now, 0, 0);
			if (tracker.wantsSnapshot(now, now)) {
				dumps.add(t);
				tracker.snapshot(now, held, costMs * MS);
			}
			tracker.waiting(now, now);
			this.events.addAll(tracker.drain());
		}
		return dumps;
	}

	private static HeldCarriers held(String... ids) {
		List<ThreadStack> threads = new ArrayList<>();
		for (String id : ids) {
			threads.add(new ThreadStack("worker-" + id, id, List.of("com.acme.Work.run(Work.java:1)")));
		}
		return new HeldCarriers(Set.of(ids), threads);
	}

	@FunctionalInterface
	private interface Observation {

		HeldCarriers at(long ms);

	}

}
