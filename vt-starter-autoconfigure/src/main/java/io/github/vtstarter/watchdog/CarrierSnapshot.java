package io.github.vtstarter.watchdog;

/**
 * The carrier pool at one moment.
 * @param size carriers alive (busy or idle)
 * @param parallelism carriers the scheduler aims to keep running virtual threads
 * @param highWater the largest size seen so far
 * @param active carriers running or stealing a task, as {@code ForkJoinPool.getActiveThreadCount()} estimates
 * @param queued virtual threads submitted to the pool's external queues and not yet taken
 * ({@code ForkJoinPool.getQueuedSubmissionCount()}): started or unparked, waiting for a carrier
 */
public record CarrierSnapshot(int size, int parallelism, int highWater, int active, int queued) {

	/** An unknown pool: no virtual thread has run yet, or not Java 21+. */
	public static final CarrierSnapshot UNKNOWN = new CarrierSnapshot(-1, -1, -1, -1, -1);

	/** @return whether the pool is known */
	public boolean known() {
		return this.size >= 0;
	}

	/** @return whether the pool is larger than its parallelism: compensation for blocked carriers */
	public boolean compensating() {
		return known() && this.size > this.parallelism;
	}

	@Override
	public String toString() {
		return known() ? this.size + " carriers (parallelism " + this.parallelism + ", high-water " + this.highWater
				+ ", active " + this.active + ", queued submissions " + this.queued + ")" : "carrier pool unknown";
	}

}
