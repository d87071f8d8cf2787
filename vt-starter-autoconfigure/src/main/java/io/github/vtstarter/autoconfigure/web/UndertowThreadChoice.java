package io.github.vtstarter.autoconfigure.web;

import io.github.vtstarter.doctor.VersionRange;

import org.springframework.lang.Nullable;

/**
 * Whether the starter puts Undertow's servlet requests on virtual threads (Boot 3.1 to 3.3, where Boot does not), from
 * {@code vtstarter.undertow.virtual-threads.enabled} and the version of undertow-core on the class path.
 * <p>
 * Undertow 2.3.11.Final to 2.3.13.Final (the versions of Boot 3.1.9 to 3.1.12, 3.2.3 to 3.2.9 and 3.3.0 to 3.3.3) keep each thread's cache of I/O
 * buffers in a {@code HashMap<Thread, ...>} ({@code DefaultByteBufferPool.ThreadLocalCache}): strong references,
 * written by every thread without a lock. With a new virtual thread per request, the map keeps every finished
 * request's thread and its direct buffers. The benchmark measured it (Boot 3.1.12, Undertow 2.3.13, JDK 21, 100 ms
 * requests at 1,000 connections): 4,277 requests a second for 5 s, then none: "Cannot reserve 8153 bytes of direct
 * buffer memory (allocated: 1073740245, limit: 1073741824)", two carriers busy and no request answered. 2.3.14.Final
 * made the map weak and synchronized (UNDERTOW-2385); 2.3.10 and earlier use a {@code ThreadLocal}. So:
 * <ul>
 * <li>the property, when set, decides;</li>
 * <li>otherwise, Undertow 2.3.11.Final to 2.3.13.Final keeps its XNIO worker threads, with one INFO line that says how
 * to move on (Boot's {@code undertow.version} property, 2.3.14.Final or later);</li>
 * <li>any other version, or one that cannot be read, runs on virtual threads.</li>
 * </ul>
 */
public final class UndertowThreadChoice {

	/** The property that forces the choice either way. */
	public static final String PROPERTY = "vtstarter.undertow.virtual-threads.enabled";

	/** The versions whose buffer pool keeps every thread that used it. */
	static final VersionRange LEAKING = new VersionRange("2.3.11", "2.3.14");

	private final boolean virtualThreads;

	private final boolean automatic;

	private final String reason;

	private UndertowThreadChoice(boolean virtualThreads, boolean automatic, String reason) {
		this.virtualThreads = virtualThreads;
		this.automatic = automatic;
		this.reason = reason;
	}

	/**
	 * Decides.
	 * @param forced the property's value, {@code null} when not set
	 * @param undertowVersion undertow-core's version ({@code io.undertow.Version.getVersionString()}), {@code null}
	 * when unknown
	 * @return the choice
	 */
	public static UndertowThreadChoice decide(@Nullable Boolean forced, @Nullable String undertowVersion) {
		if (forced != null) {
			return new UndertowThreadChoice(forced, false, PROPERTY + "=" + forced);
		}
		if (undertowVersion != null && !undertowVersion.isEmpty() && Character.isDigit(undertowVersion.charAt(0))
				&& LEAKING.contains(undertowVersion)) {
			return new UndertowThreadChoice(false, true, "Undertow " + undertowVersion
					+ "'s buffer pool keeps every thread that used it, with its direct buffers (UNDERTOW-2385), and a "
					+ "virtual thread per request would exhaust direct memory under load; Undertow 2.3.14.Final or "
					+ "later fixes it (with Boot's dependency management: the property undertow.version), and " + PROPERTY
					+ "=true runs requests on virtual threads anyway");
		}
		return new UndertowThreadChoice(true, true, "Undertow " + undertowVersion);
	}

	/** @return whether Undertow's servlet requests run on virtual threads */
	public boolean virtualThreads() {
		return this.virtualThreads;
	}

	/** @return whether the choice is the starter's own (the property is not set) */
	public boolean automatic() {
		return this.automatic;
	}

	/** @return why, in one sentence without a final full stop */
	public String reason() {
		return this.reason;
	}

	@Override
	public String toString() {
		return (this.virtualThreads ? "virtual threads" : "platform threads") + ": " + this.reason;
	}

}
