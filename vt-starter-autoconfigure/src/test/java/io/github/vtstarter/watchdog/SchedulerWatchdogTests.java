package io.github.vtstarter.watchdog;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@link SchedulerWatchdog} as its listeners see it, with the scheduler played by the test: probes that run only
 * when the test lets them (the lag), work counts and thread dumps that the test decides. No virtual thread is
 * needed, so these run on every JDK, 17 included.
 */
class SchedulerWatchdogTests {

	private static final Duration WAIT = Duration.ofSeconds(30);

	private final HeldProbes probes = new HeldProbes();

	private final List<String> events = new CopyOnWriteArrayList<>();

	private final AtomicLong work = new AtomicLong();

	private SchedulerWatchdog watchdog;

	@AfterEach
	void stop() {
		this.probes.release();
		if (this.watchdog != null) {
			this.watchdog.stop();
		}
	}

	@Test
	void sameHoldersAndNoWorkIsAStallThenStarvationThenRecoveryThenTheEnd() {
		HeldCarriers pinned = new HeldCarriers(Set.of("7", "8"),
				List.of(new ThreadStack("pinner-1", "7", List.of("com.acme.Cache.load(Cache.java:10)"))));
		start(() -> pinned);
		this.probes.hold();
		await().atMost(WAIT).until(() -> this.events.contains("starved"));
		assertThat(this.watchdog.isStarved()).isTrue();
		assertThat(this.watchdog.state()).isEqualTo(SchedulerState.STARVED);
		assertThat(this.watchdog.starvedSince()).isNotNull();
		assertThat(this.watchdog.lastEvidence()).extracting(ThreadStack::name).containsExactly("pinner-1");
		this.probes.release();
		await().atMost(WAIT).until(() -> this.events.contains("ended STARVED"));
		assertThat(this.events).containsSubsequence("stalled", "starved", "recovered", "ended STARVED")
			.doesNotContain("overloaded");
		assertThat(this.watchdog.isStarved()).isFalse();
		assertThat(this.watchdog.starvationEpisodes()).isEqualTo(1);
		assertThat(this.watchdog.lastStarvation()).isNotNull();
		assertThat(this.watchdog.lastEpisode().worst()).isEqualTo(SchedulerState.STARVED);
	}

	@Test
	void heldCarriersThatGotPartOfACpuAreNoStall() throws InterruptedException {
		// The same two requests on both carriers, and no counted work, while the operating system gives each
		// carrier 5% of a CPU (other processes take the rest): they wait for a CPU, not for the scheduler. (They
		// would prove a stall once they had run for the lag threshold, 100 ms here: after 2 s.)
		HeldCarriers requests = new HeldCarriers(Set.of("7", "8"),
				List.of(new ThreadStack("http-1", "7", List.of("org.apache.tomcat.util.http.MimeHeaders.getValue"))));
		start(() -> requests, new CarriersGetting(5));
		this.probes.hold();
		await().atMost(WAIT).until(() -> this.watchdog.maxLag().toMillis() > 1_000);
		assertThat(this.events).doesNotContain("stalled", "starved");
		assertThat(this.watchdog.state()).isEqualTo(SchedulerState.LAGGING);
		assertThat(this.watchdog.carriers().cpuPercent()).isBetween(4, 6);
		// Work moves: the carriers kept going, slowly. Overload, and health stays UP.
		this.work.incrementAndGet();
		await().atMost(WAIT).until(() -> this.events.contains("overloaded"));
		assertThat(this.events).doesNotContain("stalled", "starved");
	}

	@Test
	void heldCarriersThatGotNoCpuOrAllOfItAreAStall() {
		HeldCarriers pinned = new HeldCarriers(Set.of("7", "8"),
				List.of(new ThreadStack("pinner-1", "7", List.of("com.acme.Cache.load(Cache.java:10)"))));
		start(() -> pinned, new CarriersGetting(0));
		this.probes.hold();
		await().atMost(WAIT).until(() -> this.events.contains("starved"));
		assertThat(this.events).containsSubsequence("stalled", "starved");
		assertThat(this.watchdog.carriers().cpuPercent()).isZero();
		this.watchdog.stop();
		this.probes.release();
		this.events.clear();
		this.probes.hold();
		start(() -> pinned, new CarriersGetting(100));
		await().atMost(WAIT).until(() -> this.events.contains("starved"));
		assertThat(this.events).containsSubsequence("stalled", "starved");
		assertThat(this.watchdog.carriers().cpuPercent()).isGreaterThanOrEqualTo(90);
	}

	@Test
	void workThatKeepsCompletingIsOverloadNeverStarvation() {
		start(() -> new HeldCarriers(Set.of("x" + this.work.get()), List.of()));
		this.probes.hold();
		Thread worker = new Thread(() -> {
			while (!Thread.currentThread().isInterrupted()) {
				this.work.incrementAndGet();
				try {
					Thread.sleep(5);
				}
				catch (InterruptedException ex) {
					return;
				}
			}
		});
		worker.start();
		try {
			await().atMost(WAIT).until(() -> this.events.contains("overloaded"));
			// Lagging for ten starvation thresholds and more: a lag-only watchdog would have starved long ago.
			await().atMost(WAIT)
				.until(() -> this.watchdog.maxLag().compareTo(this.watchdog.getStarvationThreshold().multipliedBy(10)) > 0);
			assertThat(this.watchdog.state()).isEqualTo(SchedulerState.OVERLOAD);
			assertThat(this.watchdog.currentEpisode().completedTasks()).isPositive();
		}
		finally {
			worker.interrupt();
		}
		this.probes.release();
		await().atMost(WAIT).until(() -> this.events.contains("ended OVERLOAD"));
		assertThat(this.events).containsOnlyOnce("overloaded").doesNotContain("stalled", "starved");
		assertThat(this.watchdog.overloadEpisodes()).isEqualTo(1);
	}

	@Test
	void aDumpThatFailsIsToldOnceAndProvesNothing() {
		AtomicInteger dumps = new AtomicInteger();
		start(() -> {
			dumps.incrementAndGet();
			throw new IllegalStateException("no dump here");
		});
		this.probes.hold();
		await().atMost(WAIT).until(() -> dumps.get() >= 3);
		assertThat(this.events).containsOnlyOnce("evidence unavailable: no dump here").doesNotContain("stalled",
				"starved");
		assertThat(this.watchdog.state()).isEqualTo(SchedulerState.LAGGING);
	}

	@Test
	void probesRecordTheirLag() {
		start(() -> HeldCarriers.UNKNOWN);
		await().atMost(WAIT).until(() -> this.watchdog.probesRun() >= 3);
		assertThat(this.watchdog.lastLag()).isNotNull();
		assertThat(this.watchdog.maxLag()).isNotNull();
		assertThat(this.events).contains("probed");
		assertThat(this.watchdog.state()).isEqualTo(SchedulerState.NORMAL);
	}

	@Test
	void carrierGrowthIsAFindingWhileVirtualThreadsHoldTheExtraCarriers() {
		FixedPool pool = new FixedPool(2, 2);
		List<String> waiters = List.of("1", "2", "3", "4", "5", "6");
		start(() -> new HeldCarriers(Set.copyOf(waiters),
				List.of(new ThreadStack("waiter-1", "1", List.of("com.acme.Inbox.take(Inbox.java:5)")))), pool);
		await().atMost(WAIT).until(() -> this.watchdog.probesRun() >= 2);
		pool.size = SchedulerWatchdog.carrierGrowthWarningSize(2);
		await().atMost(WAIT).until(() -> this.events.contains("grew to 6"));
		assertThat(this.watchdog.lastEvidence()).extracting(ThreadStack::name).containsExactly("waiter-1");
		assertThat(this.watchdog.carriers().highWater()).isEqualTo(6);
	}

	@Test
	void carriersThatOutliveWhatAddedThemAreNoFinding() {
		FixedPool pool = new FixedPool(6, 2);
		start(() -> new HeldCarriers(Set.of(), List.of()), pool);
		long probes = this.watchdog.probesRun();
		await().atMost(WAIT).until(() -> this.watchdog.probesRun() >= probes + 5);
		assertThat(this.events).noneMatch((event) -> event.startsWith("grew"));
		assertThat(this.watchdog.carriers().compensating()).isTrue();
	}

	@Test
	void theGrowthWarningSizeIsTwiceTheParallelismAndAtLeastFourMore() {
		assertThat(SchedulerWatchdog.carrierGrowthWarningSize(1)).isEqualTo(5);
		assertThat(SchedulerWatchdog.carrierGrowthWarningSize(2)).isEqualTo(6);
		assertThat(SchedulerWatchdog.carrierGrowthWarningSize(4)).isEqualTo(8);
		assertThat(SchedulerWatchdog.carrierGrowthWarningSize(16)).isEqualTo(32);
	}

	private void start(Supplier<HeldCarriers> held) {
		start(held, new NoCarriers());
	}

	private void start(Supplier<HeldCarriers> held, CarrierPool carriers) {
		this.watchdog = new SchedulerWatchdog(Duration.ofMillis(20), Duration.ofMillis(100), Duration.ofMillis(400),
				Duration.ofMillis(300), this.probes, carriers, held, this.work::get, this.work::get);
		this.watchdog.addListener(new WatchdogListener() {

			@Override
			public void probed(Duration lag) {
				if (!SchedulerWatchdogTests.this.events.contains("probed")) {
					SchedulerWatchdogTests.this.events.add("probed");
				}
			}

			@Override
			public void overloaded(Duration waited, CarrierSnapshot carriers, EpisodeSummary episode) {
				SchedulerWatchdogTests.this.events.add("overloaded");
			}

			@Override
			public void stalled(Duration stalled, CarrierSnapshot carriers, List<ThreadStack> held) {
				SchedulerWatchdogTests.this.events.add("stalled");
			}

			@Override
			public void starved(Instant since, CarrierSnapshot carriers, List<ThreadStack> held) {
				SchedulerWatchdogTests.this.events.add("starved");
			}

			@Override
			public void recovered(Duration lasted) {
				SchedulerWatchdogTests.this.events.add("recovered");
			}

			@Override
			public void episodeEnded(EpisodeSummary summary) {
				SchedulerWatchdogTests.this.events.add("ended " + summary.worst());
			}

			@Override
			public void carriersGrew(CarrierSnapshot carriers, List<ThreadStack> held) {
				SchedulerWatchdogTests.this.events.add("grew to " + carriers.size());
			}

			@Override
			public void evidenceUnavailable(Throwable cause) {
				SchedulerWatchdogTests.this.events.add("evidence unavailable: " + cause.getMessage());
			}

		});
		this.watchdog.start();
	}

	/** Two carriers that get the given share of a CPU each, as the clock goes. */
	static final class CarriersGetting extends FixedPool {

		private final long start = System.nanoTime();

		private final int percent;

		CarriersGetting(int percent) {
			super(2, 2);
			this.percent = percent;
		}

		@Override
		public CarrierCpuTimes cpuTimes() {
			long cpu = (System.nanoTime() - this.start) * this.percent / 100;
			return new CarrierCpuTimes(java.util.Map.of(101L, cpu, 102L, cpu));
		}

	}

	/** Probe threads that run their task only while the test lets them. */
	static final class HeldProbes implements ThreadFactory {

		private volatile CountDownLatch gate = new CountDownLatch(0);

		void hold() {
			this.gate = new CountDownLatch(1);
		}

		void release() {
			this.gate.countDown();
		}

		@Override
		public Thread newThread(Runnable task) {
			CountDownLatch current = this.gate;
			Thread thread = new Thread(() -> {
				try {
					current.await();
				}
				catch (InterruptedException ex) {
					return;
				}
				task.run();
			});
			thread.setDaemon(true);
			return thread;
		}

	}

	/** A carrier pool that is not there yet: no steal count moves behind the test's back. */
	static class NoCarriers extends CarrierPool {

		@Override
		public ForkJoinPool pool() {
			return null;
		}

		@Override
		public CarrierCpuTimes cpuTimes() {
			return CarrierCpuTimes.UNKNOWN;
		}

	}

	/** A carrier pool whose size the test sets; its steal count never moves. */
	static class FixedPool extends CarrierPool {

		private final ForkJoinPool pool;

		volatile int size;

		FixedPool(int size, int parallelism) {
			this.size = size;
			this.pool = new ForkJoinPool(parallelism) {

				@Override
				public int getPoolSize() {
					return FixedPool.this.size;
				}

				@Override
				public long getStealCount() {
					return 0;
				}

			};
		}

		@Override
		public ForkJoinPool pool() {
			return this.pool;
		}

		@Override
		public CarrierCpuTimes cpuTimes() {
			return CarrierCpuTimes.UNKNOWN;
		}

	}

}
