package io.github.vtstarter.autoconfigure.pinning;

import java.time.Duration;
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
 * Logs a pinning site once, with its stack, when it is a finding: when the same stack pins a second time, or
 * once for a pin of a second or more. Later events from the site are only counted (see
 * {@code /actuator/virtualthreads}): a pinning hot spot fires on every request, and a log line per event would
 * drown the log and cost more than the pinning.
 * <p>
 * Why not the first time: loading, linking and initializing a class pins the virtual thread that does it, on every
 * JDK (JDK 24+ included), and the first requests of an application load hundreds of classes. Such a pin happens
 * once per class; often the JDK's frames do not even show it (a constructor that resolves a class is the top
 * frame). A stack that pins twice is not that. A stack whose frames do show class loading or a class initializer
 * is never a finding: it is logged at INFO the first time.
 * <p>
 * Until the context has been refreshed, nothing is logged: start-up loads classes by the thousand. One INFO line
 * then says how many pins it saw; a start-up stack that pins again later is logged then.
 */
public class PinningSiteLogger implements PinningListener, ApplicationListener<ContextRefreshedEvent> {

	/** A single pin at least this long is a finding by itself. */
	static final Duration LONG_PIN = Duration.ofSeconds(1);

	private static final Log logger = LogFactory.getLog(PinningSiteLogger.class);

	// Stacks seen once, waiting for a second pin; bounded (beyond it, a new stack is logged at its first pin).
	private static final int MAX_PENDING_SITES = 10_000;

	private final AtomicBoolean submitFailedLogged = new AtomicBoolean();

	private final Set<List<String>> seenOnce = new HashSet<>();

	private boolean ready;

	private int startupEvents;

	@Override
	public void pinned(PinnedEvent event, boolean newSite) {
		Finding finding = judge(event, newSite);
		if (finding == Finding.REPEATED || finding == Finding.LONG) {
			logger.warn(message(event, finding));
		}
		else if (finding == Finding.CLASS_LOADING && logger.isInfoEnabled()) {
			logger.info(classLoadingMessage(event));
		}
	}

	private enum Finding {

		NONE, CLASS_LOADING, REPEATED, LONG

	}

	private synchronized Finding judge(PinnedEvent event, boolean newSite) {
		boolean classLoading = isClassLoading(event);
		if (!this.ready) {
			this.startupEvents++;
			if (newSite && !classLoading) {
				remember(event);
			}
			return Finding.NONE;
		}
		if (classLoading) {
			return newSite ? Finding.CLASS_LOADING : Finding.NONE;
		}
		if (newSite) {
			if (event.duration().compareTo(LONG_PIN) >= 0) {
				return Finding.LONG;
			}
			return remember(event) ? Finding.NONE : Finding.REPEATED;
		}
		return this.seenOnce.remove(event.frames()) ? Finding.REPEATED : Finding.NONE;
	}

	// Whether the stack waits for a second pin; false when the set is full and it must be logged now.
	private boolean remember(PinnedEvent event) {
		if (this.seenOnce.size() >= MAX_PENDING_SITES) {
			return false;
		}
		this.seenOnce.add(event.frames());
		return true;
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
					+ "(loading and initializing classes pins, once per class); not logged one by one. A stack that "
					+ "pins again from now on is logged. Details: /actuator/virtualthreads/pinned");
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
	 * Whether the stack shows a class being loaded or initialized: a class initializer ({@code <clinit>}), or the
	 * JDK loading, defining or looking up a class; or the JVM says so (JDK 24+): a thread that waits for another
	 * thread to initialize a class shows only the frame that uses the class ({@code new Request(...)}), and
	 * several first requests that wait for the same class show the same stack.
	 * @param event the pinned event
	 * @return whether it is a one-off of class loading
	 */
	static boolean isClassLoading(PinnedEvent event) {
		if (PinnedEvent.isClassInitialization(event.reason())) {
			return true;
		}
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

	private static String message(PinnedEvent event, Finding finding) {
		StringBuilder message = new StringBuilder();
		String thread = thread(event);
		message.append(Character.toUpperCase(thread.charAt(0))).append(thread, 1, thread.length())
			.append(" was pinned to its carrier thread for ")
			.append(event.duration().toMillis())
			.append(" ms at ")
			.append(event.location())
			.append(". While pinned it holds one of the few carrier threads. ")
			.append((finding == Finding.LONG) ? "A pin this long is worth a look even once"
					: "This stack has pinned before: it is not the one-off of a class loaded on first use")
			.append("; later events from it are only counted:");
		appendStack(message, event);
		return message.toString();
	}

	// A virtual thread has no name unless its factory gives one, and JFR's event does not always carry the name of
	// one that has (seen on JDK 21 with Tomcat's named request threads): say only what the event tells.
	private static String thread(PinnedEvent event) {
		String name = event.threadName();
		return (name == null || name.isEmpty()) ? "a virtual thread (its name is not in the JFR event)"
				: "virtual thread '" + name + "'";
	}

	private static String classLoadingMessage(PinnedEvent event) {
		StringBuilder message = new StringBuilder();
		message.append("vt-starter: ")
			.append(thread(event))
			.append(" was pinned for ")
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
