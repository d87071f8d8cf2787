package io.github.vtstarter.sample.drain;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.core.env.Environment;

/**
 * The drain experiment: a backlog of {@code messages} items is put in place while its consumers are stopped (messages
 * on a queue or topic; for {@code @Async}, scheduled runs and Redis pub/sub the items are handed over as the
 * consumers start); then the consumers start and every item costs {@code workMs} of blocking work (a sleep). The
 * clock runs from the consumers' start to the moment the last item was handled. Meanwhile the experiment samples, every 100 ms, the OS threads and the resident
 * memory of the JVM ({@code /proc/self/status}), its live platform threads ({@link ThreadMXBean}) and the heap in
 * use, and counts how many listener calls were in progress at once.
 * <p>
 * The same code runs on platform and on virtual threads: which thread calls {@link #handle(String)} is up to the
 * listener container, executor or scheduler, that is to vt-starter and {@code spring.threads.virtual.enabled}.
 */
public class DrainExperiment {

	private static final Log logger = LogFactory.getLog(DrainExperiment.class);

	/** Where a run is. */
	public enum State {

		/** the application has not started the run yet */
		WAITING,
		/** the backlog is being put on the queue or topic */
		FILLING,
		/** the listener containers run */
		DRAINING,
		/** every message was handled */
		DONE,
		/** the timeout passed before every message was handled */
		TIMED_OUT,
		/** filling or starting failed */
		FAILED

	}

	private final String broker;

	private final int messages;

	private final long workMs;

	private final long timeoutMs;

	private final Map<String, Object> settings;

	private final AtomicInteger handled = new AtomicInteger();

	private final AtomicInteger inFlight = new AtomicInteger();

	private final AtomicInteger maxInFlight = new AtomicInteger();

	private final Set<String> handlerThreads = ConcurrentHashMap.newKeySet();

	private final AtomicBoolean allVirtual = new AtomicBoolean(true);

	private final CountDownLatch drained = new CountDownLatch(1);

	private final ThreadMXBean threadBean = ManagementFactory.getThreadMXBean();

	private volatile State state = State.WAITING;

	private volatile String failure;

	private volatile long startNanos;

	private volatile long firstNanos;

	private volatile long doneNanos;

	private volatile double fillSeconds;

	private volatile Map<String, Long> before = Map.of();

	private volatile Map<String, Long> after = Map.of();

	private volatile Map<String, Long> platformThreadsByName = Map.of();

	private final Map<String, Long> peaks = new ConcurrentHashMap<>();

	/**
	 * A run with the settings every case shares: {@code vtbench.drain.messages} (20,000), {@code work-ms} (50),
	 * {@code timeout-s} (120), and {@code spring.threads.virtual.enabled} reported beside the case's own.
	 * @param kind the case ("kafka", "jms", "rabbit", "redis", "async", "scheduled", "integration")
	 * @param environment where the settings are read
	 * @param settings the case's own settings, reported with the result
	 * @return a run, not started
	 */
	public static DrainExperiment of(String kind, Environment environment, Map<String, Object> settings) {
		Map<String, Object> all = new LinkedHashMap<>(settings);
		all.put("spring.threads.virtual.enabled", environment.getProperty("spring.threads.virtual.enabled", ""));
		return new DrainExperiment(kind, environment.getProperty("vtbench.drain.messages", Integer.class, 20_000),
				environment.getProperty("vtbench.drain.work-ms", Long.class, 50L),
				environment.getProperty("vtbench.drain.timeout-s", Long.class, 120L) * 1000, all);
	}

	/**
	 * @param broker the case: "kafka", "jms", "rabbit", "redis", "async", "scheduled" or "integration"
	 * @param messages the backlog
	 * @param workMs blocking work per message
	 * @param timeoutMs how long the drain may take before the run is reported as timed out
	 * @param settings what else to report beside the figures (concurrency, partitions, ...)
	 */
	public DrainExperiment(String broker, int messages, long workMs, long timeoutMs, Map<String, Object> settings) {
		this.broker = broker;
		this.messages = messages;
		this.workMs = workMs;
		this.timeoutMs = timeoutMs;
		this.settings = settings;
	}

	public int messages() {
		return this.messages;
	}

	public State state() {
		return this.state;
	}

	/** @return whether the run ended: drained, timed out or failed */
	public boolean finished() {
		State now = this.state;
		return now == State.DONE || now == State.TIMED_OUT || now == State.FAILED;
	}

	/**
	 * Waits for the run to end.
	 * @param timeout how long to wait at most
	 * @return whether it ended
	 * @throws InterruptedException if interrupted while waiting
	 */
	public boolean awaitEnd(java.time.Duration timeout) throws InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (!finished() && System.nanoTime() < deadline) {
			Thread.sleep(50);
		}
		return finished();
	}

	/** @return the names of the threads that called the listener */
	public Set<String> handlerThreads() {
		return Set.copyOf(this.handlerThreads);
	}

	/** @return whether every listener call ran on a virtual thread */
	public boolean allVirtual() {
		return this.allVirtual.get() && !this.handlerThreads.isEmpty();
	}

	public int handled() {
		return this.handled.get();
	}

	/**
	 * The listener's work: one message.
	 * @param payload the message
	 * @throws InterruptedException if the container stops while the listener sleeps
	 */
	public void handle(String payload) throws InterruptedException {
		Thread thread = Thread.currentThread();
		this.handlerThreads.add(thread.getName());
		if (!thread.toString().startsWith("VirtualThread")) {
			this.allVirtual.set(false);
		}
		this.maxInFlight.accumulateAndGet(this.inFlight.incrementAndGet(), Math::max);
		try {
			if (this.workMs > 0) {
				Thread.sleep(this.workMs);
			}
		}
		finally {
			this.inFlight.decrementAndGet();
		}
		int n = this.handled.incrementAndGet();
		if (n == 1) {
			this.firstNanos = System.nanoTime();
		}
		if (n == this.messages) {
			this.doneNanos = System.nanoTime();
			this.drained.countDown();
		}
	}

	/**
	 * Runs the experiment once: fills, starts the listeners, waits for the drain (at most the timeout).
	 * @param fill puts the backlog in place and returns once it is all there
	 * @param startListeners starts the consumers
	 */
	public void run(Runnable fill, Runnable startListeners) {
		try {
			this.state = State.FILLING;
			long t0 = System.nanoTime();
			fill.run();
			this.fillSeconds = (System.nanoTime() - t0) / 1e9;
			logger.info(String.format("%s: %d items in the backlog after %.1f s; starting the consumers %s",
					this.broker, this.messages, this.fillSeconds, this.settings));
			this.before = sample();
			this.threadBean.resetPeakThreadCount();
			Thread sampler = new Thread(this::sampleUntilDrained, "drain-sampler");
			sampler.setDaemon(true);
			this.state = State.DRAINING;
			this.startNanos = System.nanoTime();
			sampler.start();
			startListeners.run();
			boolean done = this.drained.await(this.timeoutMs, TimeUnit.MILLISECONDS);
			if (!done) {
				this.doneNanos = System.nanoTime();
			}
			sampler.join(1000);
			this.after = sample();
			this.platformThreadsByName = platformThreadsByName();
			this.state = done ? State.DONE : State.TIMED_OUT;
			logger.info(this.broker + ": " + result());
		}
		catch (Exception ex) {
			this.failure = ex.toString();
			this.state = State.FAILED;
			this.drained.countDown();
			logger.error(this.broker + ": the drain experiment failed", ex);
		}
	}

	private void sampleUntilDrained() {
		try {
			do {
				sample().forEach((k, v) -> this.peaks.merge(k, v, Math::max));
			}
			while (!this.drained.await(100, TimeUnit.MILLISECONDS) && this.state == State.DRAINING);
			sample().forEach((k, v) -> this.peaks.merge(k, v, Math::max));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/** OS threads and memory of this JVM now (the /proc figures on Linux only). */
	private Map<String, Long> sample() {
		Map<String, Long> out = new LinkedHashMap<>();
		try {
			for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
				String[] kv = line.split(":\\s*", 2);
				switch (kv[0]) {
					case "Threads" -> out.put("osThreads", Long.parseLong(kv[1].trim()));
					case "VmRSS" -> out.put("rssMb", Long.parseLong(kv[1].trim().split("\\s+")[0]) / 1024);
					case "VmHWM" -> out.put("vmHwmMb", Long.parseLong(kv[1].trim().split("\\s+")[0]) / 1024);
					default -> {
					}
				}
			}
		}
		catch (IOException | RuntimeException ex) {
			// not Linux: the JVM's own figures below still say something
		}
		out.put("platformThreads", (long) this.threadBean.getThreadCount());
		MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
		out.put("heapUsedMb", heap.getUsed() / (1024 * 1024));
		out.put("heapCommittedMb", heap.getCommitted() / (1024 * 1024));
		return out;
	}

	/**
	 * The live platform threads (virtual threads are not listed) grouped by name, digits replaced by {@code N}:
	 * what the OS threads of the run are, listener consumers, client and broker threads.
	 */
	private static Map<String, Long> platformThreadsByName() {
		Map<String, Long> counts = new java.util.TreeMap<>();
		for (Thread thread : Thread.getAllStackTraces().keySet()) {
			counts.merge(thread.getName().replaceAll("\\d+", "N"), 1L, Long::sum);
		}
		Map<String, Long> sorted = new LinkedHashMap<>();
		counts.entrySet()
			.stream()
			.sorted(Map.Entry.<String, Long>comparingByValue().reversed())
			.forEach((e) -> sorted.put(e.getKey(), e.getValue()));
		return sorted;
	}

	/** @return what the run measured, as the {@code /drain} endpoint and the log show it */
	public Map<String, Object> result() {
		Map<String, Object> out = new LinkedHashMap<>();
		out.put("broker", this.broker);
		out.put("state", this.state.name());
		if (this.failure != null) {
			out.put("failure", this.failure);
		}
		out.put("messages", this.messages);
		out.put("workMs", this.workMs);
		out.putAll(this.settings);
		out.put("java", Runtime.version().toString());
		out.put("handled", this.handled.get());
		out.put("fillSeconds", round(this.fillSeconds));
		long start = this.startNanos;
		if (start != 0) {
			long end = (this.doneNanos != 0) ? this.doneNanos : System.nanoTime();
			double seconds = (end - start) / 1e9;
			out.put("drainSeconds", round(seconds));
			// runs of a fixed-rate job can end after the last item counted: the rate counts the backlog only
			out.put("messagesPerSecond", round(Math.min(this.handled.get(), this.messages) / seconds));
			if (this.firstNanos != 0) {
				out.put("firstMessageSeconds", round((this.firstNanos - start) / 1e9));
			}
		}
		out.put("maxConcurrentListenerCalls", this.maxInFlight.get());
		out.put("handlerThreads", this.handlerThreads.size());
		out.put("allVirtual", allVirtual());
		List<String> names = this.handlerThreads.stream().sorted().limit(3).toList();
		out.put("handlerThreadSample", names);
		out.put("before", this.before);
		out.put("peak", new LinkedHashMap<>(this.peaks));
		if (!this.peaks.isEmpty() || this.state != State.WAITING) {
			out.put("peakPlatformThreadsMXBean", (long) this.threadBean.getPeakThreadCount());
		}
		out.put("after", this.after);
		out.put("platformThreadsByNameAfter", this.platformThreadsByName);
		return out;
	}

	private static double round(double value) {
		return Math.round(value * 1000) / 1000.0;
	}

}
