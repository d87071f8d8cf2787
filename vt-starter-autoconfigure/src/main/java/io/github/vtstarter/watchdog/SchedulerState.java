package io.github.vtstarter.watchdog;

/**
 * What the {@link SchedulerWatchdog} makes of the virtual-thread scheduler now, from the mildest to the worst.
 */
public enum SchedulerState {

	/** Virtual threads get a carrier within the lag threshold. */
	NORMAL,

	/**
	 * A probe waits longer than the lag threshold, and neither progress nor a stall has been seen yet: the verdict
	 * is pending (it takes two thread dumps when the work counts stand still).
	 */
	LAGGING,

	/**
	 * Virtual threads wait longer than the lag threshold for a carrier, and carriers keep completing work: too
	 * much work for the CPUs, not a fault. A matter of capacity (readiness, autoscaling), never of liveness.
	 */
	OVERLOAD,

	/**
	 * The same virtual threads have held every carrier for at least the lag threshold, and no other work ran:
	 * everything else waits behind them.
	 */
	STALL,

	/**
	 * A stall that has lasted the starvation threshold: the scheduler makes no progress, requests on virtual
	 * threads hang. The {@code virtualThreads} health indicator is DOWN until work runs again.
	 */
	STARVED

}
