package io.github.vtstarter.task;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import org.springframework.core.task.TaskRejectedException;
import org.springframework.util.concurrent.ListenableFuture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

/**
 * The executor's contract, as the code that hands it tasks sees it: what runs, what is refused, what a caller
 * waits for and what shutdown waits for. Platform threads stand in for virtual ones (the executor takes any
 * {@link ThreadFactory}), so these run on Java 17 too.
 */
class VirtualThreadTaskExecutorTests {

	private static final Duration WAIT = Duration.ofSeconds(30);

	private final List<Thread> created = new CopyOnWriteArrayList<>();

	private final ThreadFactory threads = (task) -> {
		Thread thread = Executors.defaultThreadFactory().newThread(task);
		thread.setDaemon(true);
		this.created.add(thread);
		return thread;
	};

	@Test
	void aNullTaskIsRefusedWithAClearMessage() {
		VirtualThreadTaskExecutor executor = new VirtualThreadTaskExecutor("test", this.threads);
		assertThatIllegalArgumentException().isThrownBy(() -> executor.execute(null))
			.withMessage("Task must not be null");
		assertThat(this.created).isEmpty();
	}

	@Test
	void aZeroLimitIsRefusedAndANegativeOneMeansNoLimit() {
		VirtualThreadTaskExecutor executor = new VirtualThreadTaskExecutor("test", this.threads);
		assertThatIllegalArgumentException().isThrownBy(() -> executor.setConcurrencyLimit(0))
			.withMessageContaining("positive, or negative for no limit");
		executor.setConcurrencyLimit(-5);
		assertThat(executor.getConcurrencyLimit()).isEqualTo(-1);
		executor.setConcurrencyLimit(1);
		assertThat(executor.getConcurrencyLimit()).isEqualTo(1);
		assertThat(executor).hasToString("VirtualThreadTaskExecutor[test, running=0, limit=1]");
	}

	@Test
	void aLimitOfOneRunsOneTaskAtATimeAndTheNextCallerWaitsForTheSlot() throws Exception {
		VirtualThreadTaskExecutor executor = new VirtualThreadTaskExecutor("test", this.threads);
		executor.setConcurrencyLimit(1);
		CountDownLatch release = new CountDownLatch(1);
		executor.execute(() -> awaitRelease(release));
		AtomicBoolean secondHandedOver = new AtomicBoolean();
		Thread caller = new Thread(() -> {
			executor.execute(() -> {
			});
			secondHandedOver.set(true);
		});
		caller.start();
		await().atMost(WAIT).until(() -> caller.getState() == Thread.State.WAITING);
		assertThat(secondHandedOver).as("the caller waits while the slot is taken").isFalse();
		assertThat(executor.getRunningCount()).isEqualTo(1);
		release.countDown();
		caller.join(WAIT.toMillis());
		assertThat(secondHandedOver).isTrue();
	}

	@Test
	void aCallerInterruptedWhileWaitingForASlotIsRefusedAndKeepsItsInterrupt() throws Exception {
		VirtualThreadTaskExecutor executor = new VirtualThreadTaskExecutor("test", this.threads);
		executor.setConcurrencyLimit(1);
		CountDownLatch release = new CountDownLatch(1);
		executor.execute(() -> awaitRelease(release));
		AtomicReference<Throwable> refused = new AtomicReference<>();
		AtomicBoolean interruptKept = new AtomicBoolean();
		Thread caller = new Thread(() -> {
			try {
				executor.execute(() -> {
				});
			}
			catch (TaskRejectedException ex) {
				refused.set(ex);
				interruptKept.set(Thread.currentThread().isInterrupted());
			}
		});
		caller.start();
		await().atMost(WAIT).until(() -> caller.getState() == Thread.State.WAITING);
		caller.interrupt();
		caller.join(WAIT.toMillis());
		release.countDown();
		assertThat(refused.get()).hasMessageContaining("Interrupted while waiting for a free slot of test");
		assertThat(interruptKept).isTrue();
	}

	@Test
	void aThreadThatCannotStartIsNotCountedAsRunningAndFreesItsSlot() throws Exception {
		AtomicInteger calls = new AtomicInteger();
		AtomicBoolean taskRan = new AtomicBoolean();
		ThreadFactory firstOneSpent = (task) -> {
			if (calls.getAndIncrement() == 0) {
				// A thread that has already run (something else): start() by the executor throws
				// IllegalThreadStateException, and the task never runs.
				Thread spent = new Thread(() -> {
				});
				spent.start();
				joinQuietly(spent);
				return spent;
			}
			return this.threads.newThread(task);
		};
		VirtualThreadTaskExecutor executor = new VirtualThreadTaskExecutor("test", firstOneSpent);
		executor.setConcurrencyLimit(1);
		assertThatExceptionOfType(IllegalThreadStateException.class)
			.isThrownBy(() -> executor.execute(() -> taskRan.set(true)));
		assertThat(taskRan).isFalse();
		assertThat(executor.getRunningCount()).isZero();
		// The slot is free again: this one is not blocked behind the failed hand-over.
		CompletableFuture<Void> next = CompletableFuture.runAsync(() -> executor.execute(() -> {
		}));
		next.get(30, TimeUnit.SECONDS);
	}

	@Test
	void submitAndTheDeprecatedTimedExecuteRunTheTask() throws Exception {
		VirtualThreadTaskExecutor executor = new VirtualThreadTaskExecutor("test", this.threads);
		AtomicBoolean ran = new AtomicBoolean();
		Future<?> future = executor.submit(() -> ran.set(true));
		assertThat(future.get(30, TimeUnit.SECONDS)).isNull();
		assertThat(ran).isTrue();
		CountDownLatch timed = new CountDownLatch(1);
		executeWithTimeout(executor, timed::countDown);
		assertThat(timed.await(30, TimeUnit.SECONDS)).isTrue();
	}

	@Test
	@SuppressWarnings("deprecation")
	void listenableFuturesCallBackWithTheResult() throws Exception {
		ListenableVirtualThreadTaskExecutor executor = new ListenableVirtualThreadTaskExecutor("test", this.threads);
		ListenableFuture<String> value = executor.submitListenable(() -> "result");
		CompletableFuture<String> callback = new CompletableFuture<>();
		value.addCallback(callback::complete, callback::completeExceptionally);
		assertThat(callback.get(30, TimeUnit.SECONDS)).isEqualTo("result");
		AtomicBoolean ran = new AtomicBoolean();
		ListenableFuture<?> done = executor.submitListenable(() -> ran.set(true));
		assertThat(done.get(30, TimeUnit.SECONDS)).isNull();
		assertThat(ran).isTrue();
	}

	@Test
	void aTaskStillRunningAfterTheTerminationPeriodEndsNormallyLater() throws Exception {
		VirtualThreadTaskExecutor executor = new VirtualThreadTaskExecutor("test", this.threads);
		executor.setAwaitTermination(true, Duration.ofMillis(100));
		CountDownLatch release = new CountDownLatch(1);
		executor.execute(() -> awaitRelease(release));
		executor.destroy(); // gives up after 100 ms and logs the task
		assertThat(executor.getRunningCount()).isEqualTo(1);
		assertThat(executor.isShutdown()).isTrue();
		assertThatExceptionOfType(TaskRejectedException.class).isThrownBy(() -> executor.execute(() -> {
		}));
		release.countDown();
		// Its end is recorded (under the lock the shutdown wait used: it must have been released).
		for (Thread thread : this.created) {
			thread.join(WAIT.toMillis());
			assertThat(thread.isAlive()).as(thread.getName()).isFalse();
		}
		assertThat(executor.getRunningCount()).isZero();
	}

	private static void joinQuietly(Thread thread) {
		try {
			thread.join(WAIT.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@SuppressWarnings("deprecation")
	private static void executeWithTimeout(VirtualThreadTaskExecutor executor, Runnable task) {
		executor.execute(task, 1000);
	}

	private static void awaitRelease(CountDownLatch latch) {
		try {
			latch.await(60, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
