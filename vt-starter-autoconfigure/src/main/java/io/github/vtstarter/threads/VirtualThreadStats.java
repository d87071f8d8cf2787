package io.github.vtstarter.threads;

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

	public VirtualThreadStats(String name) {
		this.name = name;
	}

	/**
	 * Wraps a task so that its run is counted.
	 * @param task the task a virtual thread will run
	 * @return the counting task
	 */
	public Runnable track(Runnable task) {
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
