package io.github.vtstarter.pinning;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
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
 * <p>
 * {@link #startInBackground} starts it off the caller's thread: the JVM's first Flight Recorder start takes a
 * few hundred milliseconds, which an application would otherwise add to its start-up. Until the recording runs
 * the monitor is unavailable with the reason {@value #STARTING}.
 */
public class PinningMonitor implements AutoCloseable {

	/** Distinct stacks counted separately; plenty for an application, small enough to never matter. */
	public static final int DEFAULT_MAX_SITES = 1000;

	/** The reason given while a background start has not finished. */
	public static final String STARTING = "starting: Flight Recorder's recording is not running yet";

	/** The name of the daemon thread that starts the monitor in the background. */
	public static final String STARTER_THREAD_NAME = "vt-starter-pinning-start";

	private final Duration threshold;

	private final PinningStatistics statistics;

	private final Supplier<PinningEventSource> sourceFactory;

	private final List<PinningListener> listeners = new CopyOnWriteArrayList<>();

	private PinningEventSource source;

	private volatile String unavailableReason = "the monitor has not been started";

	// Guarded by this. Each start and close takes a new number, so a background start that comes late (after a
	// close, or after a start of the caller's own) sees that it is stale and does nothing.
	private long startRequest;

	// Counted down when a background start has ended (started, failed, or made stale by a close). Read without the
	// lock, which the starting thread holds for as long as Flight Recorder takes to start.
	private volatile CountDownLatch backgroundStart = new CountDownLatch(0);

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
		this.startRequest++;
		try {
			startSource();
		}
		finally {
			this.backgroundStart.countDown();
		}
	}

	private void startSource() {
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
	 * Starts listening from a daemon thread of its own and returns at once. Until the recording runs, the monitor
	 * is unavailable with the reason {@value #STARTING}; pins before then are not seen.
	 * @param whenUnavailable told, on the starting thread, why the monitor could not start; not called when it
	 * starts, nor when {@link #close()} or {@link #start()} came first
	 */
	public void startInBackground(Consumer<String> whenUnavailable) {
		if (this.backgroundStart.getCount() > 0) {
			return; // without the lock, which the starting thread holds while Flight Recorder starts
		}
		long request;
		synchronized (this) {
			if (this.source != null || this.backgroundStart.getCount() > 0) {
				return;
			}
			request = ++this.startRequest;
			this.backgroundStart = new CountDownLatch(1);
			this.unavailableReason = STARTING;
		}
		Thread starter = new Thread(() -> startIfStillWanted(request, whenUnavailable), STARTER_THREAD_NAME);
		starter.setDaemon(true);
		starter.start();
	}

	private synchronized void startIfStillWanted(long request, Consumer<String> whenUnavailable) {
		if (request != this.startRequest) {
			return;
		}
		try {
			startSource();
			// Told before awaitStart returns, so that a caller who waited sees the consequences too.
			if (this.unavailableReason != null) {
				whenUnavailable.accept(this.unavailableReason);
			}
		}
		finally {
			this.backgroundStart.countDown();
		}
	}

	/**
	 * Waits until a background start has ended.
	 * @param timeout how long to wait at most
	 * @return whether events are being received
	 * @throws InterruptedException when interrupted while waiting
	 */
	public boolean awaitStart(Duration timeout) throws InterruptedException {
		this.backgroundStart.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
		return isAvailable();
	}

	/**
	 * Stops listening and waits for the JFR thread to end. What was collected stays readable.
	 */
	@Override
	public synchronized void close() {
		this.startRequest++;
		boolean wasStarting = this.backgroundStart.getCount() > 0;
		this.backgroundStart.countDown();
		if (this.source != null || wasStarting) {
			if (this.source != null) {
				this.source.close();
				this.source = null;
			}
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
