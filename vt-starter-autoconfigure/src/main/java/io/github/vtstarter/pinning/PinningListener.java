package io.github.vtstarter.pinning;

/**
 * Told about what the {@link PinningMonitor} sees, on the monitor's JFR thread: implementations must be quick
 * and must not block.
 */
public interface PinningListener {

	/**
	 * A virtual thread was pinned for longer than the threshold.
	 * @param event the event
	 * @param newSite whether this is the first event from its code path
	 */
	default void pinned(PinnedEvent event, boolean newSite) {
	}

	/**
	 * The JDK could not start or continue a virtual thread ({@code jdk.VirtualThreadSubmitFailed}).
	 * @param threadName the thread's name, possibly empty
	 * @param message the exception message, possibly {@code null}
	 */
	default void submitFailed(String threadName, String message) {
	}

}
