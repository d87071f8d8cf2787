package io.github.vtstarter.watchdog;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * What the {@link SchedulerWatchdog} reports: every probe's lag, and the episodes worth a log line. Called on
 * the watchdog's platform thread; a listener must not block.
 */
public interface WatchdogListener {

	/**
	 * A probe ran.
	 * @param lag how long it waited for a carrier
	 */
	default void probed(Duration lag) {
	}

	/**
	 * A probe has waited longer than the warning threshold (once per episode).
	 * @param waited how long it has waited so far
	 * @param carriers the carrier pool then
	 * @param held the virtual threads holding a carrier then
	 */
	default void lagging(Duration waited, CarrierSnapshot carriers, List<ThreadStack> held) {
	}

	/**
	 * A probe has waited longer than the starvation threshold: the scheduler makes no progress.
	 * @param since when the probe that still waits was submitted
	 * @param carriers the carrier pool then
	 * @param held the virtual threads holding a carrier then
	 */
	default void starved(Instant since, CarrierSnapshot carriers, List<ThreadStack> held) {
	}

	/**
	 * The probe of a starvation episode ran at last.
	 * @param lasted how long the scheduler made no progress
	 */
	default void recovered(Duration lasted) {
	}

	/**
	 * The carrier pool grew beyond its parallelism, past its highest size so far (once per episode).
	 * @param carriers the carrier pool then
	 * @param held the virtual threads holding a carrier then
	 */
	default void carriersGrew(CarrierSnapshot carriers, List<ThreadStack> held) {
	}

}
