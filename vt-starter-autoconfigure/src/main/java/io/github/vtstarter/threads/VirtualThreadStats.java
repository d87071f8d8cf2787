package io.github.vtstarter.threads;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counters for the virtual threads one executor starts: waiting (handed over, not yet running), started, live
 * now, peak live, completed and failed (ended by an uncaught exception).
 * <p>
 * {@code waiting} is the queue of a thread-per-task executor: a task is counted when it is handed over
 * ({@link #track(Runnable)}, called as its thread is created) and leaves the count when its thread first runs.
 * In between, the thread sits in the virtual-thread scheduler's queue waiting for a carrier; under load, or
 * when carriers are pinned, that is where requests wait, and {@code live} alone does not show it. A thread
 * that is created and never started would stay counted: the starter's executors and the servers' start every
 * thread they create.
 * <p>
 * The JDK offers no way to list or count virtual threads ({@code Thread.getAllStackTraces()} and
 * {@code ThreadMXBean} only see platform threads), so vt-starter counts them where it creates them:
 * every task goes through {@link #track(Runnable)}. The cost is a few uncontended-friendly atomic
 * operations per task ({@link LongAdder} for the monotonic counts).
 */
public final class VirtualThreadStats {

	private final String name;

	private final LongAdder started = new LongAdder();

	private final LongAdder completed = new LongAdder();

	private final LongAdder failed = new LongAdder();

	private final AtomicLong live = new AtomicLong();

	private final AtomicLong waiting = new AtomicLong();

	// The executor's concurrency limit, when it has one (-1: none); what executor.pool.max reports.
	private volatile int concurrencyLimit = -1;

	private final AtomicLong peak = new AtomicLong();

	private final AtomicBoolean submitted = new AtomicBoolean();

	private final List<Runnable> firstTaskListeners = new CopyOnWriteArrayList<>();

	public VirtualThreadStats(String name) {
		this.name = name;
	}

	/**
	 * Wraps a task so that its run is counted.
	 * @param task the task a virtual thread will run
	 * @return the counting task
	 */
	public Runnable track(Runnable task) {
		if (!this.submitted.get()) {
			firstTask();
		}
		this.waiting.incrementAndGet();
		return () -> {
			this.waiting.decrementAndGet();
			this.started.increment();
			long now = this.live.incrementAndGet();
			if (now > this.peak.get()) {
				this.peak.accumulateAndGet(now, Math::max);
			}
			try {
				task.run();
				this.completed.increment();
			}
			catch (Throwable ex) {
				this.failed.increment();
				throw ex;
			}
			finally {
				this.live.decrementAndGet();
			}
		};
	}

	private void firstTask() {
		if (this.submitted.compareAndSet(false, true)) {
			this.firstTaskListeners.forEach(Runnable::run);
		}
	}

	/**
	 * Runs the action when the first task is handed to this executor, on the thread that hands it over, or at
	 * once if that has happened already. Keep-alive uses it: like the pool threads of Boot 3.1, it holds the
	 * JVM once the application task executor has been used.
	 * @param action what to run; it may run twice if added while the first task is handed over
	 */
	public void whenFirstTaskSubmitted(Runnable action) {
		this.firstTaskListeners.add(action);
		if (this.submitted.get()) {
			action.run();
		}
	}

	public String getName() {
		return this.name;
	}

	/** @return how many tasks were handed over and have not started running yet (waiting for a carrier) */
	public long getWaiting() {
		return Math.max(this.waiting.get(), 0);
	}

	/** @return the executor's concurrency limit, or -1 when it has none */
	public int getConcurrencyLimit() {
		return this.concurrencyLimit;
	}

	/**
	 * Records the executor's concurrency limit, shown by {@code executor.pool.max}.
	 * @param limit a positive limit, or any other value for none
	 */
	public void setConcurrencyLimit(int limit) {
		this.concurrencyLimit = (limit > 0) ? limit : -1;
	}

	/** @return how many tasks have started running */
	public long getStarted() {
		return this.started.sum();
	}

	/** @return how many tasks run now */
	public long getLive() {
		return this.live.get();
	}

	/** @return the highest number of tasks that ran at once */
	public long getPeak() {
		return this.peak.get();
	}

	/** @return how many tasks returned normally */
	public long getCompleted() {
		return this.completed.sum();
	}

	/** @return how many tasks ended with an uncaught exception */
	public long getFailed() {
		return this.failed.sum();
	}

	@Override
	public String toString() {
		return this.name + "[waiting=" + getWaiting() + ", live=" + getLive() + ", peak=" + getPeak() + ", started=" + getStarted()
				+ ", completed=" + getCompleted() + ", failed=" + getFailed() + "]";
	}

}
