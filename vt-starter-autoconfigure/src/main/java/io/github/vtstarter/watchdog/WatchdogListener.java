package io.github.vtstarter.watchdog;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * What the {@link SchedulerWatchdog} reports: every probe's lag, and at most one event of each kind per episode.
 * Called on the watchdog's platform thread; a listener must not block.
 */
public interface WatchdogListener {

	/**
	 * A probe ran.
	 * @param lag how long it waited for a carrier
	 */
	default void probed(Duration lag) {
	}

	/**
	 * A probe has waited longer than the lag threshold while carriers kept completing work: overload (once per
	 * episode).
	 * @param waited how long the probe has waited so far
	 * @param carriers the carrier pool then
	 * @param episode the episode so far
	 */
	default void overloaded(Duration waited, CarrierSnapshot carriers, EpisodeSummary episode) {
	}

	/**
	 * The same virtual threads have held every carrier, with no other progress, for the lag threshold: a stall
	 * (once per episode).
	 * @param stalled how long the stall is proven so far
	 * @param carriers the carrier pool then
	 * @param held the virtual threads holding the carriers
	 */
	default void stalled(Duration stalled, CarrierSnapshot carriers, List<ThreadStack> held) {
	}

	/**
	 * A stall has lasted the starvation threshold: the scheduler makes no progress.
	 * @param since when the stall began to be proven
	 * @param carriers the carrier pool then
	 * @param held the virtual threads holding the carriers
	 */
	default void starved(Instant since, CarrierSnapshot carriers, List<ThreadStack> held) {
	}

	/**
	 * Work ran again after a starvation.
	 * @param lasted how long the scheduler made no progress
	 */
	default void recovered(Duration lasted) {
	}

	/**
	 * An episode ended: no probe waited longer than the lag threshold for the quiet period.
	 * @param summary what the episode was
	 */
	default void episodeEnded(EpisodeSummary summary) {
	}

	/**
	 * The carrier pool grew past {@link SchedulerWatchdog#carrierGrowthWarningSize(int)}, past its highest size so
	 * far (once per episode).
	 * @param carriers the carrier pool then
	 * @param held the virtual threads holding a carrier then
	 */
	default void carriersGrew(CarrierSnapshot carriers, List<ThreadStack> held) {
	}

	/**
	 * A thread dump could not be taken or read (once): without dumps the watchdog cannot name the threads holding
	 * the carriers, nor prove a stall where the work counts show nothing.
	 * @param cause why
	 */
	default void evidenceUnavailable(Throwable cause) {
	}

}
