package io.github.vtstarter.task;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Collectors;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.core.task.AsyncTaskExecutor;
import org.springframework.core.task.TaskDecorator;
import org.springframework.core.task.TaskRejectedException;
import org.springframework.lang.Nullable;
import org.springframework.util.Assert;

/**
 * An async task executor that runs every task on a new virtual thread: the backport of the
 * {@code SimpleAsyncTaskExecutor} that Spring Boot 3.2 configures as {@code applicationTaskExecutor}.
 * <ul>
 * <li><b>Concurrency limit without pinning.</b> Spring Framework 6.0's throttle waits inside
 * {@code synchronized}, which pins a virtual caller's carrier on Java 21-23. Here the caller waits on a
 * {@link Semaphore}, so a virtual thread parks and frees its carrier. As in Boot 3.2, the caller waits
 * for a free slot (back-pressure), rather than the task being queued.</li>
 * <li><b>Graceful shutdown.</b> Virtual threads are daemon threads: the JVM does not wait for them. On
 * {@link #destroy()} new tasks are rejected, and, with await-termination on, in-flight tasks get the
 * termination period (as in Boot, no period means no wait); any still running after it are logged by name,
 * never dropped silently.</li>
 * </ul>
 * It uses only API that Spring Framework 6.0 to 7 share; {@link ListenableVirtualThreadTaskExecutor} adds
 * {@code ListenableFuture} support, which Framework 7 removed, for the Boot 3.1 application task executor.
 */
public class VirtualThreadTaskExecutor implements AsyncTaskExecutor, DisposableBean {

	private static final Log logger = LogFactory.getLog(VirtualThreadTaskExecutor.class);

	private final String name;

	private final ThreadFactory threadFactory;

	@Nullable
	private TaskDecorator taskDecorator;

	@Nullable
	private Semaphore concurrencyLimit;

	private int concurrencyLimitValue = -1;

	private boolean awaitTermination;

	@Nullable
	private Duration awaitTerminationPeriod;

	// Threads created for tasks that have not ended yet (started or about to start), for the shutdown wait and
	// its log line; taskEnded signals the wait.
	private final Set<Thread> running = ConcurrentHashMap.newKeySet();

	private final Lock runningLock = new ReentrantLock();

	private final Condition allEnded = this.runningLock.newCondition();

	private volatile boolean shutdown;

	/**
	 * Creates an executor.
	 * @param name the name used in log messages (the bean name)
	 * @param threadFactory the factory of the virtual threads that run the tasks
	 */
	public VirtualThreadTaskExecutor(String name, ThreadFactory threadFactory) {
		this.name = name;
		this.threadFactory = threadFactory;
	}

	/**
	 * Decorates every task before it runs (context propagation, MDC, ...).
	 * @param taskDecorator the decorator, or {@code null}
	 */
	public void setTaskDecorator(@Nullable TaskDecorator taskDecorator) {
		this.taskDecorator = taskDecorator;
	}

	/**
	 * How many tasks may run at once; callers wait for a free slot. Negative (the default is {@code -1}) for no
	 * limit, as in Spring's {@code ConcurrencyThrottleSupport}; zero, which would refuse every task, is refused.
	 * @param limit a positive limit, or a negative value for none
	 */
	public void setConcurrencyLimit(int limit) {
		Assert.isTrue(limit != 0, "Concurrency limit must be positive, or negative for no limit");
		this.concurrencyLimitValue = (limit > 0) ? limit : -1;
		this.concurrencyLimit = (limit > 0) ? new Semaphore(limit) : null;
	}

	public int getConcurrencyLimit() {
		return this.concurrencyLimitValue;
	}

	/**
	 * Whether {@link #destroy()} waits for running tasks.
	 * @param awaitTermination whether to wait
	 * @param period the longest wait; {@code null} or zero: no wait (Boot's meaning)
	 */
	public void setAwaitTermination(boolean awaitTermination, @Nullable Duration period) {
		this.awaitTermination = awaitTermination;
		this.awaitTerminationPeriod = period;
	}

	@Override
	public void execute(Runnable task) {
		Assert.notNull(task, "Task must not be null");
		Runnable decorated = (this.taskDecorator != null) ? this.taskDecorator.decorate(task) : task;
		acquireSlot();
		Thread thread = null;
		try {
			thread = this.threadFactory.newThread(() -> run(decorated));
			// Registered before the shutdown check so that destroy() either sees the thread or the
			// thread sees the shutdown: no task can slip between the two.
			this.running.add(thread);
			if (this.shutdown) {
				throw new TaskRejectedException(this.name + " has been shut down and does not accept " + task);
			}
			thread.start();
		}
		catch (RuntimeException | Error ex) {
			if (thread != null) {
				taskEnded(thread);
			}
			releaseSlot();
			throw ex;
		}
	}

	@Override
	@Deprecated
	@SuppressWarnings("deprecation")
	public void execute(Runnable task, long startTimeout) {
		execute(task);
	}

	@Override
	public Future<?> submit(Runnable task) {
		FutureTask<Object> future = new FutureTask<>(task, null);
		execute(future);
		return future;
	}

	@Override
	public <T> Future<T> submit(Callable<T> task) {
		FutureTask<T> future = new FutureTask<>(task);
		execute(future);
		return future;
	}

	private void run(Runnable task) {
		try {
			task.run();
		}
		finally {
			taskEnded(Thread.currentThread());
			releaseSlot();
		}
	}

	private void taskEnded(Thread thread) {
		this.running.remove(thread);
		if (this.running.isEmpty()) {
			this.runningLock.lock();
			try {
				this.allEnded.signalAll();
			}
			finally {
				this.runningLock.unlock();
			}
		}
	}

	private void acquireSlot() {
		if (this.shutdown) {
			throw new TaskRejectedException(this.name + " has been shut down");
		}
		Semaphore limit = this.concurrencyLimit;
		if (limit != null) {
			try {
				limit.acquire();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new TaskRejectedException("Interrupted while waiting for a free slot of " + this.name, ex);
			}
		}
	}

	private void releaseSlot() {
		Semaphore limit = this.concurrencyLimit;
		if (limit != null) {
			limit.release();
		}
	}

	/** @return how many tasks run now */
	public int getRunningCount() {
		return this.running.size();
	}

	public boolean isShutdown() {
		return this.shutdown;
	}

	/**
	 * Stops accepting tasks and, when configured, waits for the running ones.
	 */
	@Override
	public void destroy() throws InterruptedException {
		this.shutdown = true;
		long remaining = waitsForTermination() ? this.awaitTerminationPeriod.toNanos() : 0;
		this.runningLock.lock();
		try {
			// Waits on the set, not on thread.join(): a thread registered by a racing execute() may not have
			// started yet, and join() returns at once for an unstarted thread.
			while (!this.running.isEmpty() && remaining > 0) {
				remaining = this.allEnded.awaitNanos(remaining);
			}
		}
		finally {
			this.runningLock.unlock();
		}
		if (!this.running.isEmpty()) {
			String message = this.running.size() + " task(s) of " + this.name + " still running at shutdown "
					+ waitDescription() + "; they run on daemon virtual threads and end when the JVM exits: "
					+ this.running.stream().map(Thread::getName).sorted().collect(Collectors.joining(", "));
			// A WARN only when a wait the application asked for ran out, as Spring's own executors warn ("Timed out
			// while waiting for executor to terminate"). Without one, not waiting is what was configured (Boot's
			// default, and Boot 3.2's virtual-thread executors do the same, silently): a @Scheduled run that is in
			// flight when the context closes is no alarm.
			if (waitsForTermination()) {
				logger.warn(message);
			}
			else {
				logger.info(message);
			}
		}
	}

	private boolean waitsForTermination() {
		return this.awaitTermination && this.awaitTerminationPeriod != null
				&& this.awaitTerminationPeriod.toNanos() > 0;
	}

	private String waitDescription() {
		if (!this.awaitTermination) {
			return "(await-termination is off)";
		}
		if (!waitsForTermination()) {
			return "(await-termination is on without a termination period, so nothing waits, as in Spring Boot)";
		}
		return "after the termination period of " + this.awaitTerminationPeriod;
	}

	@Override
	public String toString() {
		return "VirtualThreadTaskExecutor[" + this.name + ", running=" + getRunningCount() + ", limit="
				+ this.concurrencyLimitValue + "]";
	}

}
