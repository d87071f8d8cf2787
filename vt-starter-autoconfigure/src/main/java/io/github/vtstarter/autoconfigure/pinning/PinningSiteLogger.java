package io.github.vtstarter.autoconfigure.pinning;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.vtstarter.pinning.PinnedEvent;
import io.github.vtstarter.pinning.PinningListener;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.context.ApplicationListener;
import org.springframework.context.event.ContextRefreshedEvent;

/**
 * Logs each new pinning site once, with its stack. Later events from the same site are only counted (see
 * {@code /actuator/virtualthreads}): a pinning hot spot fires on every request, and a log line per event would
 * drown the log and cost more than the pinning.
 * <ul>
 * <li>A site in application or library code logs one WARN: it pins every time that code runs.</li>
 * <li>A site in class loading or a class initializer logs one INFO: a class is loaded and initialized once, so
 * the pin does not come back (JDK 24+ still pins there, and the first requests load many classes).</li>
 * <li>Until the context has been refreshed, pins are counted, not logged: start-up loads and initializes classes.
 * One INFO line then says how many there were. A site first seen then that pins again later logs its WARN
 * then.</li>
 * </ul>
 */
public class PinningSiteLogger implements PinningListener, ApplicationListener<ContextRefreshedEvent> {

	private static final Log logger = LogFactory.getLog(PinningSiteLogger.class);

	// Sites first seen during start-up, remembered so that one that comes back is logged; bounded.
	private static final int MAX_STARTUP_SITES = 1000;

	private final AtomicBoolean submitFailedLogged = new AtomicBoolean();

	private volatile boolean ready;

	private final Set<List<String>> startupSites = new HashSet<>();

	private int startupEvents;

	@Override
	public void pinned(PinnedEvent event, boolean newSite) {
		if (!this.ready && recordStartup(event, newSite)) {
			return;
		}
		boolean cameBack = !newSite && cameBackAfterStartup(event);
		if ((newSite || cameBack) && !isClassLoading(event)) {
			logger.warn(message(event, cameBack));
		}
		else if (newSite && logger.isInfoEnabled()) {
			logger.info(classLoadingMessage(event));
		}
	}

	private synchronized boolean recordStartup(PinnedEvent event, boolean newSite) {
		if (this.ready) {
			return false;
		}
		this.startupEvents++;
		if (newSite && !isClassLoading(event) && this.startupSites.size() < MAX_STARTUP_SITES) {
			this.startupSites.add(event.frames());
		}
		return true;
	}

	private synchronized boolean cameBackAfterStartup(PinnedEvent event) {
		return !this.startupSites.isEmpty() && this.startupSites.remove(event.frames());
	}

	@Override
	public void onApplicationEvent(ContextRefreshedEvent event) {
		int events;
		synchronized (this) {
			if (this.ready) {
				return;
			}
			this.ready = true;
			events = this.startupEvents;
		}
		if (events > 0) {
			logger.info("vt-starter: virtual threads pinned their carrier " + events + " times during start-up "
					+ "(class loading and initialization pin, once per class); not logged one by one. A site that pins "
					+ "again from now on is logged. Details: /actuator/virtualthreads/pinned");
		}
	}

	@Override
	public void submitFailed(String threadName, String message) {
		if (this.submitFailedLogged.compareAndSet(false, true)) {
			logger.warn("A virtual thread could not be started or continued (jdk.VirtualThreadSubmitFailed: "
					+ message + "); later failures are only counted");
		}
	}

	/**
	 * Whether the pin happened while a class was loaded or initialized: a class initializer
	 * ({@code <clinit>}), or the JDK loading, defining or looking up a class.
	 * @param event the pinned event
	 * @return whether it is a one-off of class loading
	 */
	static boolean isClassLoading(PinnedEvent event) {
		for (String frame : event.frames()) {
			if (frame.contains(".<clinit>(") || frame.startsWith("java.lang.ClassLoader.loadClass")
					|| frame.startsWith("java.lang.ClassLoader.defineClass")
					|| frame.startsWith("java.lang.Class.forName")
					|| (frame.startsWith("jdk.internal.loader.") && frame.contains(".loadClass"))) {
				return true;
			}
		}
		return false;
	}

	static String message(PinnedEvent event) {
		return message(event, false);
	}

	private static String message(PinnedEvent event, boolean cameBack) {
		StringBuilder message = new StringBuilder();
		message.append("Virtual thread '")
			.append(event.threadName())
			.append("' was pinned to its carrier thread for ")
			.append(event.duration().toMillis())
			.append(" ms at ")
			.append(event.location())
			.append(". While pinned it holds one of the few carrier threads. ")
			.append(cameBack ? "This stack pinned during start-up too and pins again now"
					: "First event from this stack")
			.append("; later ones are only counted:");
		appendStack(message, event);
		return message.toString();
	}

	private static String classLoadingMessage(PinnedEvent event) {
		StringBuilder message = new StringBuilder();
		message.append("vt-starter: virtual thread '")
			.append(event.threadName())
			.append("' was pinned for ")
			.append(event.duration().toMillis())
			.append(" ms while a class was loaded or initialized, at ")
			.append(event.location())
			.append(". A class loads once, so this does not come back; only a class initializer that blocks for long "
					+ "is worth moving (VirtualThreadRules.NO_BLOCKING_CALLS_IN_STATIC_INITIALIZERS finds them):");
		appendStack(message, event);
		return message.toString();
	}

	private static void appendStack(StringBuilder message, PinnedEvent event) {
		for (String frame : event.frames()) {
			message.append(System.lineSeparator()).append("\tat ").append(frame);
		}
		if (event.truncated()) {
			message.append(System.lineSeparator()).append("\t...");
		}
	}

}
