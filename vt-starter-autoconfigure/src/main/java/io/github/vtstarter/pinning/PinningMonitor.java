package io.github.vtstarter.pinning;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

/**
 * Watches for virtual threads that block while pinned to their carrier thread, in-process, with JFR.
 * <p>
 * On JDK 21-23 a virtual thread that blocks inside {@code synchronized} or {@code Object.wait()}, and on every
 * JDK one that blocks under a native frame or in a class initializer, keeps its carrier: with N carriers only N
 * such threads make progress. The JDK reports each such block longer than a threshold as a
 * {@code jdk.VirtualThreadPinned} JFR event; this monitor listens for them, keeps the recent ones in a bounded
 * ring, aggregates them by stack ({@link PinningStatistics}) and tells its {@link PinningListener listeners}
 * (logging, meters).
 * <p>
 * When JFR cannot be used (a runtime image without {@code jdk.jfr}, a JVM without Flight Recorder, a stream
 * that fails to start) {@link #start()} does not throw: the monitor stays {@linkplain #isAvailable()
 * unavailable} and {@link #getUnavailableReason()} says why. {@link #close()} stops the stream and waits for
 * its thread.
 */
public class PinningMonitor implements AutoCloseable {

	/** Distinct stacks counted separately; plenty for an application, small enough to never matter. */
	public static final int DEFAULT_MAX_SITES = 1000;

	private final Duration threshold;

	private final PinningStatistics statistics;

	private final Supplier<PinningEventSource> sourceFactory;

	private final List<PinningListener> listeners = new CopyOnWriteArrayList<>();

	private PinningEventSource source;

	private volatile String unavailableReason = "the monitor has not been started";

	/**
	 * Creates a monitor that reads JFR.
	 * @param threshold how long a pinned block must last to be reported, zero or more
	 * @param ringSize how many recent events to keep, at least 1
	 */
	public PinningMonitor(Duration threshold, int ringSize) {
		this(threshold, ringSize, DEFAULT_MAX_SITES, PinningMonitor::jfrSource);
	}

	/**
	 * Creates a monitor with its own source of events.
	 * @param threshold how long a pinned block must last to be reported, zero or more
	 * @param ringSize how many recent events to keep, at least 1
	 * @param maxSites how many distinct stacks to count separately, at least 1
	 * @param sourceFactory creates the source when the monitor starts
	 */
	public PinningMonitor(Duration threshold, int ringSize, int maxSites, Supplier<PinningEventSource> sourceFactory) {
		if (threshold == null || threshold.isNegative()) {
			throw new IllegalArgumentException("threshold must be zero or more, was " + threshold);
		}
		this.threshold = threshold;
		this.statistics = new PinningStatistics(ringSize, maxSites);
		this.sourceFactory = sourceFactory;
	}

	/**
	 * Adds a listener; add listeners before {@link #start()} to see every event.
	 * @param listener the listener
	 */
	public void addListener(PinningListener listener) {
		this.listeners.add(listener);
	}

	/**
	 * Starts listening. Never throws: when events cannot be had, the monitor records why.
	 */
	public synchronized void start() {
		if (this.source != null) {
			return;
		}
		PinningEventSource created = null;
		try {
			created = this.sourceFactory.get();
			created.start(this.threshold, new Sink());
			this.source = created;
			this.unavailableReason = null;
		}
		catch (Exception | LinkageError ex) {
			if (created != null) {
				created.close();
			}
			this.unavailableReason = "JFR could not be started: " + describe(ex);
		}
	}

	/**
	 * Stops listening and waits for the JFR thread to end. What was collected stays readable.
	 */
	@Override
	public synchronized void close() {
		if (this.source != null) {
			this.source.close();
			this.source = null;
			this.unavailableReason = "the monitor has been closed";
		}
	}

	/** @return whether events are being received */
	public boolean isAvailable() {
		return this.unavailableReason == null;
	}

	/** @return why no events are received, or {@code null} when they are */
	public String getUnavailableReason() {
		return this.unavailableReason;
	}

	/** @return the shortest pinned block that is reported */
	public Duration getThreshold() {
		return this.threshold;
	}

	/** @return what has been seen so far */
	public PinningStatistics getStatistics() {
		return this.statistics;
	}

	private static PinningEventSource jfrSource() {
		// Checked first so that the reason is a sentence rather than a NoClassDefFoundError naming a JFR class.
		Module own = PinningMonitor.class.getModule();
		ModuleLayer layer = (own.getLayer() != null) ? own.getLayer() : ModuleLayer.boot();
		if (layer.findModule("jdk.jfr").isEmpty()) {
			throw new IllegalStateException(
					"the Java runtime has no jdk.jfr module (a jlink image without it, or --limit-modules)");
		}
		return new JfrPinningEventSource();
	}

	private static String describe(Throwable ex) {
		String message = ex.getMessage();
		return (message != null && !message.isBlank()) ? message : ex.getClass().getName();
	}

	/** Receives the source's events on its thread: counts them, then tells the listeners. */
	private final class Sink implements PinningListener {

		@Override
		public void pinned(PinnedEvent event, boolean ignored) {
			boolean newSite = PinningMonitor.this.statistics.record(event);
			for (PinningListener listener : PinningMonitor.this.listeners) {
				try {
					listener.pinned(event, newSite);
				}
				catch (RuntimeException ex) {
					// One broken listener must not stop the stream for the others.
				}
			}
		}

		@Override
		public void submitFailed(String threadName, String message) {
			PinningMonitor.this.statistics.recordSubmitFailed();
			for (PinningListener listener : PinningMonitor.this.listeners) {
				try {
					listener.submitFailed(threadName, message);
				}
				catch (RuntimeException ex) {
					// as above
				}
			}
		}

	}

}
