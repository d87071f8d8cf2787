package io.github.vtstarter.autoconfigure.pinning;

import java.time.Duration;

import io.github.vtstarter.autoconfigure.InvalidVirtualThreadsPropertyException;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the JFR pinning monitor, under {@code vtstarter.pinning}.
 */
@ConfigurationProperties(prefix = PinningProperties.PREFIX)
public class PinningProperties {

	/** The properties' prefix. */
	public static final String PREFIX = "vtstarter.pinning";

	/** The largest ring accepted: the ring holds stacks, and its memory must stay small. */
	static final int MAX_RING_SIZE = 100_000;

	/**
	 * Whether to watch for virtual threads that block while pinned to their carrier (an in-process JFR stream
	 * on jdk.VirtualThreadPinned and jdk.VirtualThreadSubmitFailed). Only with virtual threads on, Java 21+.
	 */
	private boolean enabled = true;

	/**
	 * Shortest pinned block that is reported. JFR's own default, 20ms, ignores the short blocks that cost
	 * little; zero reports every one.
	 */
	private Duration threshold = Duration.ofMillis(20);

	/**
	 * How many recent pinned events to keep for /actuator/virtualthreads/pinned.
	 */
	private int ringSize = 100;

	/**
	 * How many pinning sites (distinct stacks, the costliest first) /actuator/virtualthreads shows.
	 */
	private int sitesShown = 10;

	/**
	 * Whether to log a WARN line, with the stack, the first time each pinning site is seen.
	 */
	private boolean logNewSites = true;

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public Duration getThreshold() {
		return this.threshold;
	}

	public void setThreshold(Duration threshold) {
		this.threshold = threshold;
	}

	public int getRingSize() {
		return this.ringSize;
	}

	public void setRingSize(int ringSize) {
		this.ringSize = ringSize;
	}

	public int getSitesShown() {
		return this.sitesShown;
	}

	public void setSitesShown(int sitesShown) {
		this.sitesShown = sitesShown;
	}

	public boolean isLogNewSites() {
		return this.logNewSites;
	}

	public void setLogNewSites(boolean logNewSites) {
		this.logNewSites = logNewSites;
	}

	/**
	 * Fails with the property's name when a value cannot be used.
	 * @throws InvalidVirtualThreadsPropertyException on the first bad value
	 */
	public void validate() {
		if (this.threshold == null || this.threshold.isNegative()) {
			throw new InvalidVirtualThreadsPropertyException(PREFIX + ".threshold", this.threshold,
					"it must be a duration of zero or more, for example 20ms");
		}
		if (this.ringSize < 1 || this.ringSize > MAX_RING_SIZE) {
			throw new InvalidVirtualThreadsPropertyException(PREFIX + ".ring-size", this.ringSize,
					"it must be between 1 and " + MAX_RING_SIZE);
		}
		if (this.sitesShown < 0) {
			throw new InvalidVirtualThreadsPropertyException(PREFIX + ".sites-shown", this.sitesShown,
					"it must be zero or more");
		}
	}

}
