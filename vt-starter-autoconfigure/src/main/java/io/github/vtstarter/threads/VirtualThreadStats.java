package io.github.vtstarter.threads;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counters for the virtual threads one executor starts: started, live now, peak live, completed
 * and failed (ended by an uncaught exception).
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
		return () -> {
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
		return this.name + "[live=" + getLive() + ", peak=" + getPeak() + ", started=" + getStarted()
				+ ", completed=" + getCompleted() + ", failed=" + getFailed() + "]";
	}

}
