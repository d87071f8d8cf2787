package io.github.vtstarter.scheduling;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.vtstarter.task.VirtualThreadTaskExecutor;
import io.github.vtstarter.testsupport.EnabledWith;
import io.github.vtstarter.testsupport.EnabledWith.Runtime;
import io.github.vtstarter.threads.VirtualThreads;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.scheduling.support.CronTrigger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The meaning of each kind of schedule, on virtual threads.
 */
@EnabledWith(Runtime.VIRTUAL_THREADS)
class VirtualThreadTaskSchedulerTests {

	private final VirtualThreadTaskScheduler scheduler = new VirtualThreadTaskScheduler(
			new VirtualThreadTaskExecutor("test", VirtualThreads.namedFactory("scheduling-")), "scheduling-timer");

	@AfterEach
	void close() throws InterruptedException {
		this.scheduler.destroy();
	}

	@Test
	void fixedDelayWaitsForTheEndOfTheRunBeforeCountingTheDelay() {
		List<Long> starts = new CopyOnWriteArrayList<>();
		this.scheduler.scheduleWithFixedDelay(() -> {
			starts.add(System.nanoTime());
			sleep(100);
		}, Duration.ofMillis(100));
		await().atMost(Duration.ofSeconds(5)).until(() -> starts.size() >= 4);
		for (int i = 1; i < 4; i++) {
			assertThat(TimeUnit.NANOSECONDS.toMillis(starts.get(i) - starts.get(i - 1)))
				.as("gap between run %d and %d", i - 1, i)
				.isGreaterThanOrEqualTo(195);
		}
	}

	@Test
	void fixedRateRunsNeverOverlapEvenWhenARunOverruns() {
		AtomicInteger running = new AtomicInteger();
		AtomicInteger maxRunning = new AtomicInteger();
		AtomicInteger runs = new AtomicInteger();
		this.scheduler.scheduleAtFixedRate(() -> {
			maxRunning.accumulateAndGet(running.incrementAndGet(), Math::max);
			sleep(120);
			running.decrementAndGet();
			runs.incrementAndGet();
		}, Duration.ofMillis(30));
		await().atMost(Duration.ofSeconds(5)).until(() -> runs.get() >= 5);
		assertThat(maxRunning.get()).isEqualTo(1);
	}

	@Test
	void fixedRateKeepsItsCadence() {
		List<Long> starts = new CopyOnWriteArrayList<>();
		Instant start = Instant.now();
		this.scheduler.scheduleAtFixedRate(() -> starts.add(System.nanoTime()), start, Duration.ofMillis(100));
		await().atMost(Duration.ofSeconds(5)).until(() -> starts.size() >= 6);
		long elapsed = TimeUnit.NANOSECONDS.toMillis(starts.get(5) - starts.get(0));
		// five periods, not five periods plus five run times: runs are due at start + n * period
		assertThat(elapsed).isBetween(450L, 700L);
	}

	@Test
	void anExceptionDoesNotStopARepeatingSchedule() {
		AtomicInteger runs = new AtomicInteger();
		this.scheduler.scheduleAtFixedRate(() -> {
			if (runs.incrementAndGet() == 1) {
				throw new IllegalStateException("first run fails");
			}
		}, Duration.ofMillis(20));
		await().atMost(Duration.ofSeconds(5)).until(() -> runs.get() >= 3);
	}

	@Test
	void tasksRunOnVirtualThreads() throws Exception {
		List<Thread> threads = new CopyOnWriteArrayList<>();
		ScheduledFuture<?> future = this.scheduler.schedule(() -> threads.add(Thread.currentThread()), Instant.now());
		future.get(5, TimeUnit.SECONDS);
		assertThat(VirtualThreads.isVirtual(threads.get(0))).isTrue();
		assertThat(threads.get(0).getName()).startsWith("scheduling-");
	}

	@Test
	void aOneShotFailureReachesItsFuture() {
		ScheduledFuture<?> future = this.scheduler.schedule(() -> {
			throw new IllegalStateException("boom");
		}, Instant.now());
		assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> future.get(5, TimeUnit.SECONDS))
			.withRootCauseInstanceOf(IllegalStateException.class);
	}

	@Test
	void triggerSchedulesFollowTheTrigger() {
		AtomicInteger runs = new AtomicInteger();
		this.scheduler.schedule(runs::incrementAndGet, new CronTrigger("* * * * * *"));
		await().atMost(Duration.ofSeconds(4)).until(() -> runs.get() >= 2);
	}

	@Test
	void cancelStopsTheSchedule() {
		AtomicInteger runs = new AtomicInteger();
		ScheduledFuture<?> future = this.scheduler.scheduleWithFixedDelay(runs::incrementAndGet, Duration.ofMillis(10));
		await().atMost(Duration.ofSeconds(5)).until(() -> runs.get() >= 2);
		assertThat(future.cancel(false)).isTrue();
		int afterCancel = runs.get();
		sleep(200);
		// a run that had already started may end after cancel(), as with a ScheduledExecutorService; no other
		int settled = runs.get();
		assertThat(settled).isLessThanOrEqualTo(afterCancel + 1);
		sleep(200);
		assertThat(runs.get()).isEqualTo(settled);
		assertThat(future.isCancelled()).isTrue();
	}

	@Test
	void aTriggerThatThrowsEndsTheScheduleThroughItsFuture() {
		AtomicInteger calls = new AtomicInteger();
		ScheduledFuture<?> future = this.scheduler.schedule(() -> {
		}, (context) -> {
			if (calls.incrementAndGet() > 1) {
				throw new IllegalStateException("no next time");
			}
			return Instant.now();
		});
		assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> future.get(5, TimeUnit.SECONDS))
			.withCauseInstanceOf(IllegalStateException.class)
			.withMessageContaining("no next time");
	}

	@Test
	void destroyCancelsEverySchedule() throws Exception {
		AtomicInteger runs = new AtomicInteger();
		ScheduledFuture<?> future = this.scheduler.scheduleAtFixedRate(runs::incrementAndGet, Duration.ofMillis(10));
		await().atMost(Duration.ofSeconds(5)).until(() -> runs.get() >= 2);
		this.scheduler.destroy();
		int afterDestroy = runs.get();
		sleep(200);
		int settled = runs.get();
		assertThat(settled).isLessThanOrEqualTo(afterDestroy + 1);
		sleep(200);
		assertThat(runs.get()).isEqualTo(settled);
		assertThat(future.isDone()).isTrue();
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
