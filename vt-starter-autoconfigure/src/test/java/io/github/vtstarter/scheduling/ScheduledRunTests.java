package io.github.vtstarter.scheduling;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import io.github.vtstarter.task.VirtualThreadTaskExecutor;
import io.github.vtstarter.testsupport.EnabledWith;
import io.github.vtstarter.testsupport.EnabledWith.Runtime;
import io.github.vtstarter.threads.VirtualThreads;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The {@link ScheduledFuture} a schedule returns, as its caller sees it: its state, {@code cancel} with and
 * without interruption, its delay and its order.
 */
@EnabledWith(Runtime.VIRTUAL_THREADS)
class ScheduledRunTests {

	private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

	private final VirtualThreadTaskScheduler scheduler = new VirtualThreadTaskScheduler(
			new VirtualThreadTaskExecutor("test", VirtualThreads.namedFactory("scheduling-")), "scheduling-timer");

	@AfterEach
	void close() throws InterruptedException {
		this.scheduler.destroy();
	}

	@Test
	void aPendingRunIsNeitherDoneNorCancelledUntilCancelledWithInterruption() {
		ScheduledFuture<?> future = this.scheduler.schedule(() -> {
		}, Instant.now().plus(Duration.ofHours(1)));
		assertThat(future.isDone()).isFalse();
		assertThat(future.isCancelled()).isFalse();
		// cancel(true) of a run that is not running: there is no thread to interrupt, and that is no error
		assertThat(future.cancel(true)).isTrue();
		assertThat(future.isCancelled()).isTrue();
		assertThat(future.isDone()).isTrue();
		assertThatExceptionOfType(CancellationException.class).isThrownBy(future::get);
	}

	@Test
	void aCompletedRunIsDoneNotCancelledAndCanNoLongerBeCancelled() throws Exception {
		ScheduledFuture<?> future = this.scheduler.schedule(() -> {
		}, Instant.now());
		await().atMost(Duration.ofSeconds(10)).until(future::isDone);
		assertThat(future.get()).isNull();
		assertThat(future.isCancelled()).isFalse();
		assertThat(future.cancel(false)).isFalse();
		assertThat(future.cancel(true)).isFalse();
		assertThat(future.isCancelled()).isFalse();
	}

	@Test
	void cancelWithInterruptionInterruptsTheRunningTask() throws Exception {
		CountDownLatch started = new CountDownLatch(1);
		CountDownLatch release = new CountDownLatch(1);
		CountDownLatch interrupted = new CountDownLatch(1);
		ScheduledFuture<?> future = this.scheduler.schedule(() -> {
			started.countDown();
			try {
				release.await(10, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				interrupted.countDown();
			}
		}, Instant.now());
		try {
			assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
			assertThat(future.cancel(true)).isTrue();
			assertThat(interrupted.await(10, TimeUnit.SECONDS)).as("the task was interrupted").isTrue();
			assertThat(future.isCancelled()).isTrue();
		}
		finally {
			release.countDown();
		}
	}

	@Test
	void cancelWithoutInterruptionLetsTheRunningTaskEndUndisturbed() throws Exception {
		CountDownLatch started = new CountDownLatch(1);
		CountDownLatch release = new CountDownLatch(1);
		AtomicReference<String> outcome = new AtomicReference<>();
		ScheduledFuture<?> future = this.scheduler.schedule(() -> {
			started.countDown();
			try {
				outcome.set(release.await(10, TimeUnit.SECONDS) && !Thread.currentThread().isInterrupted()
						? "released" : "timed out or interrupted");
			}
			catch (InterruptedException ex) {
				outcome.set("interrupted");
			}
		}, Instant.now());
		assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
		assertThat(future.cancel(false)).isTrue();
		// Only the call that cancels says true, and a later cancel(true) does not interrupt the task either.
		assertThat(future.cancel(true)).isFalse();
		release.countDown();
		await().atMost(Duration.ofSeconds(10)).until(() -> outcome.get() != null);
		assertThat(outcome.get()).isEqualTo("released");
		assertThat(future.isCancelled()).isTrue();
	}

	@Test
	void theDelayIsTheTimeLeftUntilTheNextRunOnTheSchedulersClock() {
		this.scheduler.setClock(Clock.fixed(NOW, ZoneOffset.UTC));
		ScheduledFuture<?> future = this.scheduler.schedule(() -> {
		}, NOW.plus(Duration.ofHours(1)));
		assertThat(future.getDelay(TimeUnit.SECONDS)).isEqualTo(3600);
		assertThat(future.getDelay(TimeUnit.MINUTES)).isEqualTo(60);
	}

	@Test
	void aTriggerWithoutAFirstTimeGivesADoneScheduleWithNoDelay() throws Exception {
		ScheduledFuture<?> future = this.scheduler.schedule(() -> {
		}, (context) -> null);
		assertThat(future.isDone()).isTrue();
		assertThat(future.isCancelled()).isFalse();
		assertThat(future.get()).isNull();
		assertThat(future.getDelay(TimeUnit.NANOSECONDS)).isZero();
		// it never had a timer entry: cancel has nothing to cancel, and does not fail
		assertThat(future.cancel(true)).isFalse();
	}

	@Test
	void schedulesAreOrderedByTheirNextRun() {
		this.scheduler.setClock(Clock.fixed(NOW, ZoneOffset.UTC));
		ScheduledFuture<?> sooner = this.scheduler.schedule(() -> {
		}, NOW.plus(Duration.ofHours(1)));
		ScheduledFuture<?> later = this.scheduler.schedule(() -> {
		}, NOW.plus(Duration.ofHours(2)));
		assertThat(sooner.compareTo(later)).isNegative();
		assertThat(later.compareTo(sooner)).isPositive();
		assertThat(sooner.compareTo(sooner)).isZero();
	}

}
