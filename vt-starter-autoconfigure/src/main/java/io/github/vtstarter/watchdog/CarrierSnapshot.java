package io.github.vtstarter.watchdog;

/**
 * The carrier pool at one moment.
 * @param size carriers alive (busy or idle)
 * @param parallelism carriers the scheduler aims to keep running virtual threads
 * @param highWater the largest size seen so far
 * @param active carriers running or stealing a task, as {@code ForkJoinPool.getActiveThreadCount()} estimates
 * @param queued virtual threads submitted to the pool's external queues and not yet taken
 * ({@code ForkJoinPool.getQueuedSubmissionCount()}): started or unparked, waiting for a carrier
 * @param cpuPercent in the open episode, how much of a CPU the carriers got, on average, between the last two
 * thread dumps that showed the same virtual threads on them (the carriers that got any: idle and blocked ones
 * count only when all are): about 0 when they were blocked, about 100 when their threads ran, in between when the
 * operating system gave the rest to other threads or processes; -1 when not measured
 */
public record CarrierSnapshot(int size, int parallelism, int highWater, int active, int queued, int cpuPercent) {

	/** An unknown pool: no virtual thread has run yet, or not Java 21+. */
	public static final CarrierSnapshot UNKNOWN = new CarrierSnapshot(-1, -1, -1, -1, -1);

	/**
	 * A pool whose carriers' CPU share was not measured.
	 * @param size carriers alive
	 * @param parallelism the parallelism
	 * @param highWater the largest size seen so far
	 * @param active carriers running or stealing a task
	 * @param queued queued submissions
	 */
	public CarrierSnapshot(int size, int parallelism, int highWater, int active, int queued) {
		this(size, parallelism, highWater, active, queued, -1);
	}

	/** @return whether the pool is known */
	public boolean known() {
		return this.size >= 0;
	}

	/** @return whether the pool is larger than its parallelism: compensation for blocked carriers */
	public boolean compensating() {
		return known() && this.size > this.parallelism;
	}

	private String cpuNote() {
		if (this.cpuPercent < EpisodeTracker.BLOCKED_PERCENT) {
			return " (blocked)";
		}
		return (this.cpuPercent < EpisodeTracker.RUNNING_PERCENT)
				? " (the operating system gave the rest to other threads and processes)" : " (running)";
	}

	@Override
	public String toString() {
		return known() ? this.size + " carriers (parallelism " + this.parallelism + ", high-water " + this.highWater
				+ ", active " + this.active + ", queued submissions " + this.queued + ")"
				+ ((this.cpuPercent >= 0) ? "; between the last two thread dumps the carriers got " + this.cpuPercent
						+ "% of a CPU each" + cpuNote() : "")
				: "carrier pool unknown";
	}

}
