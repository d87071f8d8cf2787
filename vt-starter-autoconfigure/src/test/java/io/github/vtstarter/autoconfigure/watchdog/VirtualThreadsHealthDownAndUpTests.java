package io.github.vtstarter.autoconfigure.watchdog;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import io.github.vtstarter.watchdog.CarrierPool;
import io.github.vtstarter.watchdog.HeldCarriers;
import io.github.vtstarter.watchdog.SchedulerWatchdog;
import io.github.vtstarter.watchdog.ThreadStack;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.Status;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The {@code virtualThreads} health indicator's promise (docs/observability.md, "Health: virtualThreads"): DOWN while
 * the scheduler is starved, with the culprits, UP again once work runs, and never DOWN for overload, however long
 * the probes wait. The scheduler is played by the test (probes that run only when it lets them, thread dumps and work
 * counts it decides), so the verdicts come from the real watchdog on every JDK without a starved JVM; the real
 * starvation is {@code StarvationProcessTests}'s.
 */
class VirtualThreadsHealthDownAndUpTests {

	private static final Duration WAIT = Duration.ofSeconds(30);

	private final HeldProbes probes = new HeldProbes();

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
	void downWhileStarvedWithTheCulpritsThenUpWhenWorkRunsAgain() {
		HeldCarriers pinned = new HeldCarriers(Set.of("7", "8"), List.of(
				new ThreadStack("pinner-1", "7", List.of("com.acme.Cache.load(Cache.java:10)")),
				new ThreadStack("pinner-2", "8", List.of("com.acme.Cache.load(Cache.java:10)"))));
		VirtualThreadsHealthIndicator health = start(() -> pinned);
		assertThat(health.health().getStatus()).isEqualTo(Status.UP);

		this.probes.hold();
		await().atMost(WAIT).until(() -> health.health().getStatus().equals(Status.DOWN));
		Health down = health.health();
		assertThat(down.getDetails()).containsEntry("state", "STARVED")
			.containsEntry("starved", true)
			.containsKey("since")
			.containsEntry("culprits", java.util.Map.of("com.acme.Cache.load(Cache.java:10)", 2));

		this.probes.release();
		await().atMost(WAIT).until(() -> health.health().getStatus().equals(Status.UP));
		assertThat(health.health().getDetails()).containsEntry("starved", false)
			.containsEntry("starvationEpisodes", 1L)
			.doesNotContainKey("culprits");
	}

	@Test
	void overloadIsNeverDown() {
		VirtualThreadsHealthIndicator health = start(() -> new HeldCarriers(Set.of("x" + this.work.get()), List.of()));
		List<Status> seen = new ArrayList<>();
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
			// Until the probes have waited ten starvation thresholds: a lag-only watchdog would be DOWN by then.
			await().atMost(WAIT).pollInterval(Duration.ofMillis(20)).until(() -> {
				seen.add(health.health().getStatus());
				return this.watchdog.maxLag() != null && this.watchdog.maxLag()
					.compareTo(this.watchdog.getStarvationThreshold().multipliedBy(10)) > 0;
			});
			assertThat(health.health().getDetails()).containsEntry("state", "OVERLOAD");
		}
		finally {
			worker.interrupt();
		}
		assertThat(seen).isNotEmpty().containsOnly(Status.UP);
	}

	private VirtualThreadsHealthIndicator start(Supplier<HeldCarriers> held) {
		this.watchdog = new SchedulerWatchdog(Duration.ofMillis(20), Duration.ofMillis(100), Duration.ofMillis(400),
				Duration.ofMillis(300), this.probes, new NoCarriers(), held, this.work::get, this.work::get);
		this.watchdog.start();
		return new VirtualThreadsHealthIndicator(this.watchdog);
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

	/** No carrier pool: no steal count moves behind the test's back. */
	static final class NoCarriers extends CarrierPool {

		@Override
		public ForkJoinPool pool() {
			return null;
		}

	}

}
