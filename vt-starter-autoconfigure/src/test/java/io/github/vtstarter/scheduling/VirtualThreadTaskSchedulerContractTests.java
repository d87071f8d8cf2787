package io.github.vtstarter.scheduling;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import io.github.vtstarter.task.VirtualThreadTaskExecutor;
import io.github.vtstarter.testsupport.EnabledWith;
import io.github.vtstarter.testsupport.EnabledWith.Runtime;
import io.github.vtstarter.threads.VirtualThreads;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.core.task.TaskRejectedException;
import org.springframework.scheduling.TriggerContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

/**
 * What the scheduler promises besides the timing of runs: refused arguments, the error handler, the trigger
 * context, how a schedule ends, and a schedule that can no longer run failing through its future.
 */
@EnabledWith(Runtime.VIRTUAL_THREADS)
class VirtualThreadTaskSchedulerContractTests {

	private final VirtualThreadTaskExecutor executor = new VirtualThreadTaskExecutor("test",
			VirtualThreads.namedFactory("scheduling-"));

	private final VirtualThreadTaskScheduler scheduler = new VirtualThreadTaskScheduler(this.executor,
			"scheduling-timer");

	@AfterEach
	void close() throws InterruptedException {
		this.scheduler.destroy();
	}

	@Test
	void aPeriodOrDelayThatIsNotPositiveIsRefused() {
		Runnable task = () -> {
		};
		Instant start = Instant.now();
		for (Duration bad : List.of(Duration.ZERO, Duration.ofMillis(-1))) {
			assertThatIllegalArgumentException().isThrownBy(() -> this.scheduler.scheduleAtFixedRate(task, bad))
				.withMessageContaining("Period");
			assertThatIllegalArgumentException()
				.isThrownBy(() -> this.scheduler.scheduleAtFixedRate(task, start, bad));
			assertThatIllegalArgumentException().isThrownBy(() -> this.scheduler.scheduleWithFixedDelay(task, bad))
				.withMessageContaining("Delay");
			assertThatIllegalArgumentException()
				.isThrownBy(() -> this.scheduler.scheduleWithFixedDelay(task, start, bad));
		}
	}

	@Test
	void aCustomErrorHandlerSeesTheFailuresOfRepeatingTasks() {
		List<Throwable> handled = new CopyOnWriteArrayList<>();
		this.scheduler.setErrorHandler(handled::add);
		IllegalStateException failure = new IllegalStateException("every run fails");
		this.scheduler.scheduleWithFixedDelay(() -> {
			throw failure;
		}, Duration.ofMillis(5));
		await().atMost(Duration.ofSeconds(10)).until(() -> handled.size() >= 2);
		assertThat(handled).allSatisfy((ex) -> assertThat(ex).isSameAs(failure));
	}

	@Test
	void aCustomErrorHandlerSeesTheFailureOfAOneShotTask() {
		List<Throwable> handled = new CopyOnWriteArrayList<>();
		this.scheduler.setErrorHandler(handled::add);
		IllegalStateException failure = new IllegalStateException("boom");
		ScheduledFuture<?> future = this.scheduler.schedule(() -> {
			throw failure;
		}, Instant.now());
		// the failure still reaches the future, whatever the handler does with it
		assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> future.get(10, TimeUnit.SECONDS))
			.withCause(failure);
		assertThat(handled).containsExactly(failure);
	}

	@Test
	void theTriggerSeesTheScheduledActualAndCompletionTimesOfThePreviousRun() throws Exception {
		TickingClock clock = new TickingClock();
		this.scheduler.setClock(clock);
		AtomicInteger calls = new AtomicInteger();
		AtomicReference<Instant> firstDue = new AtomicReference<>();
		AtomicReference<Instant> ranAt = new AtomicReference<>();
		List<Instant> seen = new CopyOnWriteArrayList<>();
		ScheduledFuture<?> future = this.scheduler.schedule(() -> ranAt.set(clock.instant()), (context) -> {
			if (calls.incrementAndGet() == 1) {
				assertThat(context.lastCompletion()).isNull();
				firstDue.set(clock.instant());
				return firstDue.get();
			}
			seen.add(context.lastScheduledExecution());
			seen.add(context.lastActualExecution());
			seen.add(context.lastCompletion());
			return null;
		});
		assertThat(future.get(10, TimeUnit.SECONDS)).isNull();
		assertThat(seen).doesNotContainNull();
		assertThat(seen.get(0)).as("last scheduled").isEqualTo(firstDue.get());
		// the clock moves one millisecond at every reading: the run started after it was due, then read the
		// clock, then completed
		assertThat(seen.get(1)).as("last actual").isAfter(firstDue.get()).isBefore(ranAt.get());
		assertThat(seen.get(2)).as("last completion").isAfter(ranAt.get());
	}

	@Test
	void aTriggerThatHasNoNextTimeEndsTheScheduleNormally() throws Exception {
		AtomicInteger runs = new AtomicInteger();
		AtomicInteger calls = new AtomicInteger();
		ScheduledFuture<?> future = this.scheduler.schedule(runs::incrementAndGet,
				(TriggerContext context) -> (calls.incrementAndGet() <= 2) ? Instant.now() : null);
		assertThat(future.get(10, TimeUnit.SECONDS)).isNull();
		assertThat(future.isCancelled()).isFalse();
		assertThat(runs).hasValue(2);
	}

	@Test
	void aRunDueAfterTheExecutorWasShutDownFailsItsScheduleWithARejection() {
		// The executor given to the scheduler is closed by someone else (here, by the first run): the next run
		// cannot start, and the schedule ends through its future instead of waiting forever.
		AtomicInteger runs = new AtomicInteger();
		ScheduledFuture<?> future = this.scheduler.scheduleWithFixedDelay(() -> {
			runs.incrementAndGet();
			try {
				this.executor.destroy();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}, Duration.ofMillis(1));
		assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> future.get(10, TimeUnit.SECONDS))
			.withCauseInstanceOf(TaskRejectedException.class);
		assertThat(runs).hasValue(1);
	}

	@Test
	void aScheduleThatFindsTheTimerStoppedFailsWithARejection() {
		// What a schedule() racing destroy() meets when it has passed the shutdown check before destroy() ran:
		// the timer refuses the entry, and the future says so instead of never completing.
		this.scheduler.getTimer().shutdownNow();
		ScheduledFuture<?> future = this.scheduler.schedule(() -> {
		}, Instant.now());
		assertThat(future.isDone()).isTrue();
		assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> future.get(10, TimeUnit.SECONDS))
			.withCauseInstanceOf(TaskRejectedException.class);
	}

	/** A clock that moves one millisecond forward at every reading: times read one after another differ. */
	static final class TickingClock extends Clock {

		private final AtomicLong millis = new AtomicLong(Instant.parse("2026-01-01T00:00:00Z").toEpochMilli());

		@Override
		public Instant instant() {
			return Instant.ofEpochMilli(this.millis.getAndIncrement());
		}

		@Override
		public ZoneId getZone() {
			return ZoneOffset.UTC;
		}

		@Override
		public Clock withZone(ZoneId zone) {
			return this;
		}

	}

}
