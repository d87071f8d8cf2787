package io.github.vtstarter.pinning;

import java.time.Duration;

/**
 * Where a {@link PinningMonitor} gets its events from: JFR in production ({@link JfrPinningEventSource}).
 */
public interface PinningEventSource extends AutoCloseable {

	/**
	 * Starts delivering events to the listener, from a thread of the source's own.
	 * @param threshold pinned events shorter than this are not delivered
	 * @param listener receives the events; sources pass {@code false} as {@code newSite}, the monitor decides
	 * @throws Exception when the source cannot start; the monitor then reports itself unavailable
	 */
	void start(Duration threshold, PinningListener listener) throws Exception;

	/**
	 * Stops delivering events and ends the source's thread.
	 */
	@Override
	void close();

}
