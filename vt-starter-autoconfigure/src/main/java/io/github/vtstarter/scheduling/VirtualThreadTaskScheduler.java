package io.github.vtstarter.scheduling;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.function.Function;

import io.github.vtstarter.task.VirtualThreadTaskExecutor;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.core.task.TaskRejectedException;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.scheduling.Trigger;
import org.springframework.scheduling.support.SimpleTriggerContext;
import org.springframework.scheduling.support.TaskUtils;
import org.springframework.util.ErrorHandler;

/**
 * A {@link TaskScheduler} whose tasks run on virtual threads: the backport of the
 * {@code SimpleAsyncTaskScheduler} that Spring Boot 3.2 configures for {@code @Scheduled}.
 * <p>
 * One platform daemon thread only keeps time; each run is handed to a new virtual thread
 * ({@code scheduling-N}), so a slow or blocking task never delays another. Unlike Framework 6.1's
 * scheduler, fixed-delay tasks run on virtual threads too: every schedule is a {@link ScheduledRun} that
 * computes its next time only after the current run has ended, which keeps each kind's meaning:
 * <ul>
 * <li>fixed delay: the next run starts {@code delay} after the previous one completed;</li>
 * <li>fixed rate: runs are due at {@code start + n * period}; a run that overruns delays the next one,
 * runs never overlap (as with a {@code ScheduledExecutorService});</li>
 * <li>trigger (cron): the trigger sees the last scheduled, actual and completion times.</li>
 * </ul>
 * An exception in a repeating run is logged and the schedule goes on (Spring's default error handler).
 */
public class VirtualThreadTaskScheduler implements TaskScheduler, DisposableBean {

	private final VirtualThreadTaskExecutor executor;

	private final ScheduledExecutorService timer;

	private final Set<ScheduledRun> scheduled = ConcurrentHashMap.newKeySet();

	private Clock clock = Clock.systemDefaultZone();

	private ErrorHandler errorHandler;

	/**
	 * Creates a scheduler.
	 * @param executor the executor that runs each task on a virtual thread; closed with this scheduler
	 * @param timerThreadName the name of the platform thread that keeps time
	 */
	public VirtualThreadTaskScheduler(VirtualThreadTaskExecutor executor, String timerThreadName) {
		this.executor = executor;
		ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, (task) -> {
			Thread thread = new Thread(task, timerThreadName);
			thread.setDaemon(true);
			return thread;
		});
		timer.setRemoveOnCancelPolicy(true);
		this.timer = timer;
	}

	public void setClock(Clock clock) {
		this.clock = clock;
	}

	@Override
	public Clock getClock() {
		return this.clock;
	}

	/**
	 * The handler of exceptions thrown by tasks. By default one-shot tasks log and propagate to their
	 * future, repeating tasks log and go on.
	 * @param errorHandler the handler
	 */
	public void setErrorHandler(ErrorHandler errorHandler) {
		this.errorHandler = errorHandler;
	}

	VirtualThreadTaskExecutor getExecutor() {
		return this.executor;
	}

	ScheduledExecutorService getTimer() {
		return this.timer;
	}

	ErrorHandler errorHandler(boolean repeating) {
		return (this.errorHandler != null) ? this.errorHandler : TaskUtils.getDefaultErrorHandler(repeating);
	}

	void finished(ScheduledRun run) {
		this.scheduled.remove(run);
	}

	@Override
	public ScheduledFuture<?> schedule(Runnable task, Trigger trigger) {
		SimpleTriggerContext context = new SimpleTriggerContext(this.clock);
		return start(new ScheduledRun(this, task, true, (last) -> {
			if (last != null) {
				context.update(last.scheduled(), last.started(), last.completed());
			}
			return trigger.nextExecution(context);
		}));
	}

	@Override
	public ScheduledFuture<?> schedule(Runnable task, Instant startTime) {
		return start(new ScheduledRun(this, task, false, (last) -> (last == null) ? startTime : null));
	}

	@Override
	public ScheduledFuture<?> scheduleAtFixedRate(Runnable task, Instant startTime, Duration period) {
		checkPositive(period, "Period");
		return start(new ScheduledRun(this, task, true, fixedRate(startTime, period)));
	}

	@Override
	public ScheduledFuture<?> scheduleAtFixedRate(Runnable task, Duration period) {
		return scheduleAtFixedRate(task, this.clock.instant(), period);
	}

	@Override
	public ScheduledFuture<?> scheduleWithFixedDelay(Runnable task, Instant startTime, Duration delay) {
		checkPositive(delay, "Delay");
		return start(new ScheduledRun(this, task, true, fixedDelay(startTime, delay)));
	}

	@Override
	public ScheduledFuture<?> scheduleWithFixedDelay(Runnable task, Duration delay) {
		return scheduleWithFixedDelay(task, this.clock.instant(), delay);
	}

	/**
	 * Fixed rate: each run is due one period after the previous one was due, whatever it took, so the cadence
	 * does not drift; a run that overruns makes the next one start late, never overlap.
	 */
	static Function<ScheduledRun.LastRun, Instant> fixedRate(Instant startTime, Duration period) {
		return (last) -> (last == null) ? startTime : last.scheduled().plus(period);
	}

	/** Fixed delay: the delay counts from the end of the previous run. */
	static Function<ScheduledRun.LastRun, Instant> fixedDelay(Instant startTime, Duration delay) {
		return (last) -> (last == null) ? startTime : last.completed().plus(delay);
	}

	private ScheduledFuture<?> start(ScheduledRun run) {
		if (this.executor.isShutdown()) {
			throw new TaskRejectedException("Scheduler has been shut down");
		}
		this.scheduled.add(run);
		run.scheduleNext(null);
		return run;
	}

	private static void checkPositive(Duration duration, String what) {
		if (duration.isNegative() || duration.isZero()) {
			throw new IllegalArgumentException(what + " must be positive: " + duration);
		}
	}

	/**
	 * Cancels every schedule, stops the timer, then closes the executor, which waits for running tasks
	 * as configured.
	 */
	@Override
	public void destroy() throws InterruptedException {
		cancelScheduled();
		this.timer.shutdownNow();
		// A schedule() racing this may have added its run after the first pass and handed it to the timer before
		// the timer stopped: shutdownNow() dropped it, and its future would never complete. A run added after
		// the timer stopped is refused by it and fails its future.
		cancelScheduled();
		this.executor.destroy();
	}

	private void cancelScheduled() {
		for (ScheduledRun run : Set.copyOf(this.scheduled)) {
			run.cancel(false);
		}
	}

}
