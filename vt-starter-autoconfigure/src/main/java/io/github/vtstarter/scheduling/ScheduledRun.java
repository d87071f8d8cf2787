package io.github.vtstarter.scheduling;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Delayed;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

import org.springframework.core.task.TaskRejectedException;

/**
 * One schedule of a {@link VirtualThreadTaskScheduler}: waits on the timer thread, runs on a virtual
 * thread, then asks its {@code nextTime} function when to run again. Being its own
 * {@link ScheduledFuture}, it can be cancelled whatever stage it is in.
 */
final class ScheduledRun implements ScheduledFuture<Object> {

	/** The times of the run that just ended. */
	record LastRun(Instant scheduled, Instant started, Instant completed) {
	}

	private final VirtualThreadTaskScheduler scheduler;

	private final Runnable task;

	private final boolean repeating;

	private final Function<LastRun, Instant> nextTime;

	private final CompletableFuture<Object> outcome = new CompletableFuture<>();

	private volatile Instant scheduledTime;

	private volatile ScheduledFuture<?> timerFuture;

	private volatile Thread runner;

	ScheduledRun(VirtualThreadTaskScheduler scheduler, Runnable task, boolean repeating,
			Function<LastRun, Instant> nextTime) {
		this.scheduler = scheduler;
		this.task = task;
		this.repeating = repeating;
		this.nextTime = nextTime;
	}

	void scheduleNext(LastRun last) {
		Instant next;
		try {
			next = this.nextTime.apply(last);
		}
		catch (RuntimeException ex) {
			// A trigger that throws ends the schedule, visibly: its future completes with the exception.
			finish(ex);
			return;
		}
		if (next == null || this.outcome.isDone()) {
			finish(null);
			return;
		}
		this.scheduledTime = next;
		long delay = Duration.between(this.scheduler.getClock().instant(), next).toNanos();
		try {
			this.timerFuture = this.scheduler.getTimer().schedule(this::dispatch, Math.max(0, delay),
					TimeUnit.NANOSECONDS);
		}
		catch (RejectedExecutionException ex) {
			finish(new TaskRejectedException("Scheduler has been shut down", ex));
			return;
		}
		// A cancel() that ran while the timer entry was being created saw the previous entry: drop this one.
		if (this.outcome.isDone()) {
			this.timerFuture.cancel(false);
		}
	}

	/** On the timer thread: hand the run to a new virtual thread and return at once. */
	private void dispatch() {
		if (this.outcome.isDone()) {
			return;
		}
		try {
			this.scheduler.getExecutor().execute(this::runOnce);
		}
		catch (TaskRejectedException ex) {
			finish(ex);
		}
	}

	/** On a virtual thread. */
	private void runOnce() {
		if (this.outcome.isDone()) {
			return; // cancelled between the dispatch and the start of this thread
		}
		Instant scheduled = this.scheduledTime;
		Instant started = this.scheduler.getClock().instant();
		Throwable failure = null;
		this.runner = Thread.currentThread();
		try {
			this.task.run();
		}
		catch (Throwable ex) {
			failure = ex;
			try {
				this.scheduler.errorHandler(this.repeating).handleError(ex);
			}
			catch (Throwable propagated) {
				// the one-shot default handler logs and rethrows: the failure goes to the future
			}
		}
		finally {
			this.runner = null;
		}
		if (!this.repeating) {
			finish(failure);
			return;
		}
		scheduleNext(new LastRun(scheduled, started, this.scheduler.getClock().instant()));
	}

	private void finish(Throwable failure) {
		if (failure != null) {
			this.outcome.completeExceptionally(failure);
		}
		else {
			this.outcome.complete(null);
		}
		this.scheduler.finished(this);
	}

	@Override
	public boolean cancel(boolean mayInterruptIfRunning) {
		// true only for the call that cancels, as Spring's schedulers answer (CompletableFuture.cancel says true
		// again to a second call, which would also interrupt the task a second time).
		boolean cancelled = this.outcome.completeExceptionally(new CancellationException());
		ScheduledFuture<?> timer = this.timerFuture;
		if (timer != null) {
			timer.cancel(false);
		}
		Thread thread = this.runner;
		if (cancelled && mayInterruptIfRunning && thread != null) {
			thread.interrupt();
		}
		this.scheduler.finished(this);
		return cancelled;
	}

	@Override
	public boolean isCancelled() {
		return this.outcome.isCancelled();
	}

	@Override
	public boolean isDone() {
		return this.outcome.isDone();
	}

	@Override
	public Object get() throws InterruptedException, ExecutionException {
		return this.outcome.get();
	}

	@Override
	public Object get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException, TimeoutException {
		return this.outcome.get(timeout, unit);
	}

	@Override
	public long getDelay(TimeUnit unit) {
		Instant next = this.scheduledTime;
		if (next == null) {
			return 0;
		}
		return unit.convert(Duration.between(this.scheduler.getClock().instant(), next));
	}

	@Override
	public int compareTo(Delayed other) {
		if (this == other) {
			return 0;
		}
		return Long.compare(getDelay(TimeUnit.NANOSECONDS), other.getDelay(TimeUnit.NANOSECONDS));
	}

}
