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
 * <p>
 * The source is started without holding this monitor's lock, so that {@link #close()} never waits for a start in
 * progress: a start that JVM shutdown overtakes may never return (JDK-8373439), and a close from Spring's shutdown
 * hook that waited for it would keep the JVM from exiting. A start that ends after a close closes its own source.
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

	// Guarded by this. Each start and close takes a new number, so a start that ends late (after a close, or after
	// another start) sees that it is stale: it closes what it started and tells nothing.
	private long startRequest;

	// Counted down when a background start has ended (started, failed, or made stale by a close).
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
	 * Starts listening, on the caller's thread; a background start in progress is waited for first. Never throws:
	 * when events cannot be had, the monitor records why.
	 */
	public void start() {
		try {
			this.backgroundStart.await();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return;
		}
		long request;
		synchronized (this) {
			if (this.source != null) {
				return;
			}
			request = ++this.startRequest;
		}
		startSource(request);
	}

	/**
	 * Creates and starts a source without the lock, then keeps it if the request is still the latest.
	 * @return why the source could not start, or {@code null} when it runs or when the request went stale
	 */
	private String startSource(long request) {
		PinningEventSource created = null;
		String failure = null;
		try {
			created = this.sourceFactory.get();
			created.start(this.threshold, new Sink());
		}
		catch (Exception | LinkageError ex) {
			failure = JvmShutdown.inProgress() ? JfrPinningEventSource.SHUTTING_DOWN
					: "JFR could not be started: " + describe(ex);
		}
		boolean kept = false;
		synchronized (this) {
			if (request != this.startRequest || this.source != null) {
				failure = null;
			}
			else if (failure == null) {
				this.source = created;
				this.unavailableReason = null;
				kept = true;
			}
			else {
				this.unavailableReason = failure;
			}
		}
		if (!kept && created != null) {
			created.close();
		}
		// An application that is stopping has nothing to be told: no pinning will be missed.
		return JfrPinningEventSource.SHUTTING_DOWN.equals(failure) ? null : failure;
	}

	/**
	 * Starts listening from a daemon thread of its own and returns at once. Until the recording runs, the monitor
	 * is unavailable with the reason {@value #STARTING}; pins before then are not seen.
	 * @param whenUnavailable told, on the starting thread, why the monitor could not start; not called when it
	 * starts, nor when {@link #close()} or {@link #start()} came first
	 */
	public void startInBackground(Consumer<String> whenUnavailable) {
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

	private void startIfStillWanted(long request, Consumer<String> whenUnavailable) {
		try {
			synchronized (this) {
				if (request != this.startRequest) {
					return;
				}
			}
			String failure = startSource(request);
			// Told before awaitStart returns, so that a caller who waited sees the consequences too.
			if (failure != null) {
				whenUnavailable.accept(failure);
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
	 * Stops listening and waits for the JFR thread to end; a start still in progress is not waited for (it closes
	 * its source when it ends). What was collected stays readable.
	 */
	@Override
	public void close() {
		PinningEventSource running;
		synchronized (this) {
			this.startRequest++;
			boolean wasStarting = this.backgroundStart.getCount() > 0;
			this.backgroundStart.countDown();
			running = this.source;
			this.source = null;
			if (running != null || wasStarting) {
				this.unavailableReason = "the monitor has been closed";
			}
		}
		if (running != null) {
			running.close();
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
