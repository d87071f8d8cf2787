package io.github.vtstarter.autoconfigure.actuate;

import io.github.vtstarter.autoconfigure.InvalidVirtualThreadsPropertyException;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Limits of {@code /actuator/virtualthreads/dump}, under {@code vtstarter.dump}: a dump of 10,000 parked virtual
 * threads is about 17 MB of JSON and takes about 50 MB of heap while it is parsed and served.
 */
@ConfigurationProperties(prefix = DumpProperties.PREFIX)
public class DumpProperties {

	/** The properties' prefix. */
	public static final String PREFIX = "vtstarter.dump";

	/**
	 * Largest thread dump read into memory; a larger one is not served (the endpoint says how to take it with
	 * jcmd instead).
	 */
	private DataSize maxSize = DataSize.ofMegabytes(64);

	/**
	 * Most threads listed by /actuator/virtualthreads/dump; the rest are counted under threadDump.truncated.
	 */
	private int maxThreads = 10_000;

	public DataSize getMaxSize() {
		return this.maxSize;
	}

	public void setMaxSize(DataSize maxSize) {
		this.maxSize = maxSize;
	}

	public int getMaxThreads() {
		return this.maxThreads;
	}

	public void setMaxThreads(int maxThreads) {
		this.maxThreads = maxThreads;
	}

	/**
	 * Fails with the property's name when a value cannot be used.
	 * @throws InvalidVirtualThreadsPropertyException on the first bad value
	 */
	public void validate() {
		if (this.maxSize == null || this.maxSize.toBytes() < 1) {
			throw new InvalidVirtualThreadsPropertyException(PREFIX + ".max-size", this.maxSize,
					"it must be a positive size, for example 64MB");
		}
		if (this.maxThreads < 1) {
			throw new InvalidVirtualThreadsPropertyException(PREFIX + ".max-threads", this.maxThreads,
					"it must be 1 or more");
		}
	}

}
