package io.github.vtstarter.scheduling;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import io.github.vtstarter.task.VirtualThreadTaskExecutor;
import io.github.vtstarter.testsupport.EnabledWith;
import io.github.vtstarter.testsupport.EnabledWith.Runtime;
import io.github.vtstarter.threads.VirtualThreads;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.core.task.TaskRejectedException;
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
	void fixedRateRunsAreDueOnePeriodAfterThePreviousWasDueHoweverLongItRan() {
		Instant start = Instant.parse("2026-01-01T00:00:00Z");
		Function<ScheduledRun.LastRun, Instant> next = VirtualThreadTaskScheduler.fixedRate(start, Duration.ofMillis(100));
		assertThat(next.apply(null)).isEqualTo(start);
		// the run due at start began 5 ms late and took 80 ms: the next is still due at start + 100 ms
		assertThat(next.apply(new ScheduledRun.LastRun(start, start.plusMillis(5), start.plusMillis(85))))
			.isEqualTo(start.plusMillis(100));
		// one that overran (250 ms) makes the next one due in the past: it starts at once, after it, not beside it
		assertThat(next.apply(new ScheduledRun.LastRun(start.plusMillis(100), start.plusMillis(100),
				start.plusMillis(350))))
			.isEqualTo(start.plusMillis(200));
	}

	@Test
	void fixedDelayRunsAreDueOneDelayAfterThePreviousEnded() {
		Instant start = Instant.parse("2026-01-01T00:00:00Z");
		Function<ScheduledRun.LastRun, Instant> next = VirtualThreadTaskScheduler.fixedDelay(start, Duration.ofMillis(100));
		assertThat(next.apply(null)).isEqualTo(start);
		assertThat(next.apply(new ScheduledRun.LastRun(start, start.plusMillis(5), start.plusMillis(85))))
			.isEqualTo(start.plusMillis(185));
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
		// Time passes, measured in the runs of another schedule on the same scheduler, not by a sleep: twenty of
		// its runs later, the cancelled one ran at most once more (a run that had already started may end after
		// cancel(), as with a ScheduledExecutorService).
		AtomicInteger witness = new AtomicInteger();
		this.scheduler.scheduleWithFixedDelay(witness::incrementAndGet, Duration.ofMillis(10));
		await().atMost(Duration.ofSeconds(10)).until(() -> witness.get() >= 10);
		int settled = runs.get();
		assertThat(settled).isLessThanOrEqualTo(afterCancel + 1);
		await().atMost(Duration.ofSeconds(10)).until(() -> witness.get() >= 20);
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
		// Nothing can run any more: the timer that dispatches runs has terminated and no run is in flight.
		assertThat(this.scheduler.getTimer().awaitTermination(10, TimeUnit.SECONDS)).isTrue();
		await().atMost(Duration.ofSeconds(10)).until(() -> this.scheduler.getExecutor().getRunningCount() == 0);
		assertThat(future.isDone()).isTrue();
		assertThatExceptionOfType(TaskRejectedException.class)
			.isThrownBy(() -> this.scheduler.scheduleAtFixedRate(runs::incrementAndGet, Duration.ofMillis(10)));
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
