package io.github.vtstarter.scheduling;

import java.lang.ref.WeakReference;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import io.github.vtstarter.task.VirtualThreadTaskExecutor;
import io.github.vtstarter.testsupport.EnabledWith;
import io.github.vtstarter.testsupport.EnabledWith.Runtime;
import io.github.vtstarter.threads.VirtualThreads;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What the scheduler holds on to: a timer thread that does not keep the JVM alive, and no trace of a schedule
 * once it is done or cancelled (an application that schedules one-shot tasks all day must not grow).
 */
@EnabledWith(Runtime.VIRTUAL_THREADS)
class VirtualThreadTaskSchedulerResourcesTests {

	private final String timerName = "scheduling-" + UUID.randomUUID() + "-timer";

	// The executor starts each run's virtual thread from the timer thread: the factory sees which thread that is.
	private final AtomicReference<Thread> dispatcher = new AtomicReference<>();

	private final VirtualThreadTaskScheduler scheduler = new VirtualThreadTaskScheduler(
			new VirtualThreadTaskExecutor("test", recordingCaller(VirtualThreads.namedFactory("scheduling-"))),
			this.timerName);

	@AfterEach
	void close() throws InterruptedException {
		this.scheduler.destroy();
	}

	@Test
	void theTimerThreadIsADaemonThatDoesNotKeepTheJvmAlive() throws Exception {
		// Scheduled from a non-daemon thread, as an application's main thread would: a thread inherits its
		// creator's daemon status, so only the scheduler's own setting can make the timer a daemon here.
		AtomicReference<ScheduledFuture<?>> first = new AtomicReference<>();
		Thread main = new Thread(() -> first.set(this.scheduler.schedule(() -> {
		}, Instant.now())));
		main.setDaemon(false);
		main.start();
		main.join(10_000);
		first.get().get(10, TimeUnit.SECONDS);
		Thread timer = this.dispatcher.get();
		assertThat(timer.getName()).isEqualTo(this.timerName);
		assertThat(timer.isDaemon()).isTrue();
	}

	@Test
	void destroyCancelsWhatIsStillScheduled() throws Exception {
		ScheduledFuture<?> later = this.scheduler.schedule(() -> {
		}, Instant.now().plus(Duration.ofHours(1)));
		this.scheduler.destroy();
		assertThat(later.isCancelled()).isTrue();
		assertThat(this.scheduler.getTimer().isShutdown()).isTrue();
	}

	@Test
	void aCancelledRunLeavesTheTimerAtOnce() {
		ScheduledFuture<?> future = this.scheduler.schedule(() -> {
		}, Instant.now().plus(Duration.ofHours(1)));
		ThreadPoolExecutor timer = (ThreadPoolExecutor) this.scheduler.getTimer();
		assertThat(timer.getQueue()).hasSize(1);
		assertThat(future.cancel(false)).isTrue();
		// not an hour later, when its time would have come
		assertThat(timer.getQueue()).isEmpty();
	}

	@Test
	void aCompletedOneShotTaskIsNotRetained() throws Exception {
		WeakReference<Runnable> task = completedOneShot();
		awaitCollected(task);
	}

	@Test
	void aCancelledScheduleIsNotRetained() {
		WeakReference<Runnable> task = cancelledSchedule();
		awaitCollected(task);
	}

	// In their own methods, so that no local variable of the test keeps the task or its future reachable.

	private WeakReference<Runnable> completedOneShot() throws Exception {
		Runnable task = new NoOp();
		this.scheduler.schedule(task, Instant.now()).get(10, TimeUnit.SECONDS);
		return new WeakReference<>(task);
	}

	private WeakReference<Runnable> cancelledSchedule() {
		Runnable task = new NoOp();
		assertThat(this.scheduler.scheduleWithFixedDelay(task, Instant.now().plus(Duration.ofHours(1)),
				Duration.ofHours(1)).cancel(false)).isTrue();
		return new WeakReference<>(task);
	}

	private static void awaitCollected(WeakReference<?> reference) {
		await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(50)).until(() -> {
			System.gc();
			return reference.get() == null;
		});
	}

	private ThreadFactory recordingCaller(ThreadFactory factory) {
		return (runnable) -> {
			this.dispatcher.set(Thread.currentThread());
			return factory.newThread(runnable);
		};
	}

	private static final class NoOp implements Runnable {

		@Override
		public void run() {
		}

	}

}
