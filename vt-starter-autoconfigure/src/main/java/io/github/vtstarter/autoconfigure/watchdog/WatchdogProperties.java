package io.github.vtstarter.autoconfigure.watchdog;

import java.time.Duration;

import io.github.vtstarter.autoconfigure.InvalidVirtualThreadsPropertyException;
import io.github.vtstarter.watchdog.SchedulerWatchdog;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the watchdog of the virtual-thread scheduler (scheduling lag, overload, stall, starvation, carrier
 * growth), under {@code vtstarter.watchdog}. The names under {@code vtstarter.scheduler} that earlier snapshots
 * used still work, with one WARN that names the new one ({@code LegacyWatchdogProperties}).
 */
@ConfigurationProperties(prefix = WatchdogProperties.PREFIX)
public class WatchdogProperties {

	/** The properties' prefix. */
	public static final String PREFIX = "vtstarter.watchdog";

	/**
	 * Whether a platform daemon thread probes the virtual-thread scheduler: scheduling lag, overload, stall and
	 * starvation (and the virtualThreads health indicator), carrier-pool growth. Only with virtual threads on,
	 * Java 21+.
	 */
	private boolean enabled = true;

	/**
	 * Time between two probes: each starts a tiny virtual thread and measures how long it waits for a carrier.
	 */
	private Duration probeInterval = Duration.ofSeconds(1);

	/**
	 * Scheduling lag that opens an episode. While carriers keep completing work it is overload (one INFO line,
	 * health UP); when the same virtual threads hold every carrier this long with no other progress it is a stall
	 * (one WARN with their stacks).
	 */
	private Duration lagThreshold = Duration.ofSeconds(1);

	/**
	 * A stall this long is starvation: an ERROR with the culprit stacks, and the virtualThreads health indicator
	 * DOWN until work runs again.
	 */
	private Duration starvationThreshold = Duration.ofSeconds(10);

	/**
	 * An episode ends when no probe has waited longer than the lag threshold for this long; one INFO line then
	 * sums it up (how long, the longest lag, the work completed meanwhile).
	 */
	private Duration quietPeriod = SchedulerWatchdog.DEFAULT_QUIET_PERIOD;

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public Duration getProbeInterval() {
		return this.probeInterval;
	}

	public void setProbeInterval(Duration probeInterval) {
		this.probeInterval = probeInterval;
	}

	public Duration getLagThreshold() {
		return this.lagThreshold;
	}

	public void setLagThreshold(Duration lagThreshold) {
		this.lagThreshold = lagThreshold;
	}

	public Duration getStarvationThreshold() {
		return this.starvationThreshold;
	}

	public void setStarvationThreshold(Duration starvationThreshold) {
		this.starvationThreshold = starvationThreshold;
	}

	public Duration getQuietPeriod() {
		return this.quietPeriod;
	}

	public void setQuietPeriod(Duration quietPeriod) {
		this.quietPeriod = quietPeriod;
	}

	/**
	 * Fails with the property's name when a value cannot be used.
	 * @throws InvalidVirtualThreadsPropertyException on the first bad value
	 */
	public void validate() {
		if (this.probeInterval == null || this.probeInterval.toMillis() < 10) {
			throw new InvalidVirtualThreadsPropertyException(PREFIX + ".probe-interval", this.probeInterval,
					"it must be a duration of 10ms or more, for example 1s");
		}
		if (this.lagThreshold == null || this.lagThreshold.isNegative() || this.lagThreshold.isZero()) {
			throw new InvalidVirtualThreadsPropertyException(PREFIX + ".lag-threshold", this.lagThreshold,
					"it must be a positive duration, for example 1s");
		}
		if (this.starvationThreshold == null || this.starvationThreshold.compareTo(this.lagThreshold) < 0) {
			throw new InvalidVirtualThreadsPropertyException(PREFIX + ".starvation-threshold",
					this.starvationThreshold, "it must be a duration no shorter than " + PREFIX + ".lag-threshold ("
							+ this.lagThreshold + "), for example 10s");
		}
		if (this.quietPeriod == null || this.quietPeriod.isNegative() || this.quietPeriod.isZero()) {
			throw new InvalidVirtualThreadsPropertyException(PREFIX + ".quiet-period", this.quietPeriod,
					"it must be a positive duration, for example 30s");
		}
	}

}
