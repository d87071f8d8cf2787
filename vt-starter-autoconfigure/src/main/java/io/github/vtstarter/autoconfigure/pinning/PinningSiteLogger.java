package io.github.vtstarter.autoconfigure.pinning;

import java.util.concurrent.atomic.AtomicBoolean;

import io.github.vtstarter.pinning.PinnedEvent;
import io.github.vtstarter.pinning.PinningListener;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Logs each new pinning site once, at WARN, with its stack. Later events from the same site are only counted
 * (see {@code /actuator/virtualthreads}): a pinning hot spot fires on every request, and a log line per event
 * would drown the log and cost more than the pinning.
 */
public class PinningSiteLogger implements PinningListener {

	private static final Log logger = LogFactory.getLog(PinningSiteLogger.class);

	private final AtomicBoolean submitFailedLogged = new AtomicBoolean();

	@Override
	public void pinned(PinnedEvent event, boolean newSite) {
		if (newSite && logger.isWarnEnabled()) {
			logger.warn(message(event));
		}
	}

	@Override
	public void submitFailed(String threadName, String message) {
		if (this.submitFailedLogged.compareAndSet(false, true)) {
			logger.warn("A virtual thread could not be started or continued (jdk.VirtualThreadSubmitFailed: "
					+ message + "); later failures are only counted");
		}
	}

	static String message(PinnedEvent event) {
		StringBuilder message = new StringBuilder();
		message.append("Virtual thread '")
			.append(event.threadName())
			.append("' was pinned to its carrier thread for ")
			.append(event.duration().toMillis())
			.append(" ms at ")
			.append(event.location())
			.append(". While pinned it holds one of the few carrier threads. First event from this stack; later ones are only counted:");
		for (String frame : event.frames()) {
			message.append(System.lineSeparator()).append("\tat ").append(frame);
		}
		if (event.truncated()) {
			message.append(System.lineSeparator()).append("\t...");
		}
		return message.toString();
	}

}
