package io.github.vtstarter.autoconfigure.watchdog;

import java.time.Duration;

import io.github.vtstarter.autoconfigure.InvalidVirtualThreadsPropertyException;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the scheduler watchdog (scheduling lag, starvation, carrier growth), under
 * {@code vtstarter.scheduler}.
 */
@ConfigurationProperties(prefix = WatchdogProperties.PREFIX)
public class WatchdogProperties {

	/** The properties' prefix. */
	public static final String PREFIX = "vtstarter.scheduler";

	/**
	 * Whether a platform daemon thread probes the virtual-thread scheduler: scheduling lag, starvation (and the
	 * virtualThreads health indicator), carrier-pool growth. Only with virtual threads on, Java 21+.
	 */
	private boolean enabled = true;

	/**
	 * Time between two probes: each starts a tiny virtual thread and measures how long it waits for a carrier.
	 */
	private Duration probeInterval = Duration.ofSeconds(1);

	/**
	 * Scheduling lag above which one WARN per episode is logged, with the virtual threads holding the carriers.
	 */
	private Duration lagWarningThreshold = Duration.ofSeconds(1);

	/**
	 * No progress for this long is starvation: an ERROR with the culprit stacks, and the virtualThreads health
	 * indicator DOWN until the scheduler runs again.
	 */
	private Duration starvationThreshold = Duration.ofSeconds(10);

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

	public Duration getLagWarningThreshold() {
		return this.lagWarningThreshold;
	}

	public void setLagWarningThreshold(Duration lagWarningThreshold) {
		this.lagWarningThreshold = lagWarningThreshold;
	}

	public Duration getStarvationThreshold() {
		return this.starvationThreshold;
	}

	public void setStarvationThreshold(Duration starvationThreshold) {
		this.starvationThreshold = starvationThreshold;
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
		if (this.lagWarningThreshold == null || this.lagWarningThreshold.isNegative()
				|| this.lagWarningThreshold.isZero()) {
			throw new InvalidVirtualThreadsPropertyException(PREFIX + ".lag-warning-threshold",
					this.lagWarningThreshold, "it must be a positive duration, for example 1s");
		}
		if (this.starvationThreshold == null || this.starvationThreshold.compareTo(this.lagWarningThreshold) < 0) {
			throw new InvalidVirtualThreadsPropertyException(PREFIX + ".starvation-threshold",
					this.starvationThreshold, "it must be a duration no shorter than " + PREFIX
							+ ".lag-warning-threshold (" + this.lagWarningThreshold + "), for example 10s");
		}
	}

}
