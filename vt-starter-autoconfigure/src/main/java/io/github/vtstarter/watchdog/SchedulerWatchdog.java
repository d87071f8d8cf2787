package io.github.vtstarter.watchdog;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Watches the virtual-thread scheduler from outside it, as Node reports event-loop lag and Vert.x warns of a
 * blocked event loop.
 * <p>
 * A platform daemon thread of its own ({@code vtstarter-scheduler-watchdog}) starts a tiny virtual thread, the
 * probe, every {@code interval}, and measures how long the probe waits before it runs: the <em>scheduling
 * lag</em>, what any request handed to a virtual thread waits at that moment. The watchdog must be a platform
 * thread: when every carrier is pinned, a virtual watchdog would starve with the rest.
 * <ul>
 * <li>a probe that waits longer than {@code warnThreshold} is a lag episode (one
 * {@link WatchdogListener#lagging} per episode);</li>
 * <li>one that waits longer than {@code starvationThreshold} is <em>starvation</em>: the scheduler makes no
 * progress ({@link WatchdogListener#starved}); it ends when the probe runs ({@link WatchdogListener#recovered});</li>
 * <li>every tick also reads the carrier pool: one {@link WatchdogListener#carriersGrew} when it grows beyond
 * its parallelism past its highest size so far (compensation for carriers blocked in {@code Object.wait} or file
 * I/O on JDK 21-23).</li>
 * </ul>
 * Evidence (the virtual threads that hold a carrier, with their stacks) is gathered only for those episodes, by
 * the supplier given, since a thread dump is not free. One probe is in flight at a time: a starved scheduler is
 * not flooded with probes.
 */
public final class SchedulerWatchdog {

	/** The watchdog thread's name. */
	public static final String THREAD_NAME = "vtstarter-scheduler-watchdog";

	/** The prefix of the probes' names. */
	public static final String PROBE_NAME = "vtstarter-scheduler-probe";

	private static final int WINDOW = 60;

	private final Duration interval;

	private final Duration warnThreshold;

	private final Duration starvationThreshold;

	private final ThreadFactory probes;

	private final CarrierPool carrierPool;

	private final Supplier<List<ThreadStack>> heldCarriers;

	private final List<WatchdogListener> listeners = new CopyOnWriteArrayList<>();

	// Lags of the last WINDOW probes, in nanoseconds, for the windowed maximum.
	private final long[] window = new long[WINDOW];

	private int windowCount;

	private int windowNext;

	private final AtomicLong probesRun = new AtomicLong();

	private volatile long lastLagNanos = -1;

	private volatile int highWater;

	private volatile boolean starved;

	private volatile Instant starvedSince;

	private volatile Instant lastStarvation;

	private final AtomicLong starvationEpisodes = new AtomicLong();

	private volatile List<ThreadStack> lastEvidence = List.of();

	private volatile long waitingSinceNanos;

	private volatile Thread thread;

	private volatile boolean stopped;

	/**
	 * Creates a watchdog; {@link #start()} starts it.
	 * @param interval time between probes
	 * @param warnThreshold lag above which one warning per episode is reported
	 * @param starvationThreshold lag above which the scheduler is starved
	 * @param probes a factory of virtual threads for the probes
	 * @param carrierPool the carrier pool
	 * @param heldCarriers the virtual threads that hold a carrier, for evidence
	 */
	public SchedulerWatchdog(Duration interval, Duration warnThreshold, Duration starvationThreshold,
			ThreadFactory probes, CarrierPool carrierPool, Supplier<List<ThreadStack>> heldCarriers) {
		this.interval = interval;
		this.warnThreshold = warnThreshold;
		this.starvationThreshold = starvationThreshold;
		this.probes = probes;
		this.carrierPool = carrierPool;
		this.heldCarriers = heldCarriers;
	}

	public void addListener(WatchdogListener listener) {
		this.listeners.add(listener);
	}

	/** Starts the watchdog thread. */
	public synchronized void start() {
		if (this.thread != null) {
			return;
		}
		this.stopped = false;
		Thread watchdog = new Thread(this::run, THREAD_NAME);
		watchdog.setDaemon(true);
		this.thread = watchdog;
		watchdog.start();
	}

	/** Stops the watchdog thread, without waiting for a probe that cannot run. */
	public synchronized void stop() {
		this.stopped = true;
		Thread watchdog = this.thread;
		this.thread = null;
		if (watchdog != null) {
			watchdog.interrupt();
		}
	}

	public boolean isRunning() {
		return this.thread != null;
	}

	private void run() {
		while (!this.stopped) {
			long tickStart = System.nanoTime();
			try {
				probeOnce();
				Duration rest = this.interval.minusNanos(System.nanoTime() - tickStart);
				if (!rest.isNegative() && !rest.isZero()) {
					Thread.sleep(rest.toMillis(), rest.toNanosPart() % 1_000_000);
				}
			}
			catch (InterruptedException ex) {
				return;
			}
			catch (RuntimeException | OutOfMemoryError ex) {
				// A probe that could not start (the JVM shutting down, no memory for a thread): try next tick.
				sleepQuietly();
			}
		}
	}

	private void probeOnce() throws InterruptedException {
		CountDownLatch ran = new CountDownLatch(1);
		AtomicLong ranAt = new AtomicLong();
		long submitted = System.nanoTime();
		this.waitingSinceNanos = submitted;
		this.probes.newThread(() -> {
			ranAt.set(System.nanoTime());
			ran.countDown();
		}).start();
		long step = Math.max(1, Math.min(this.interval.toMillis(), 100));
		boolean warned = false;
		checkCarriers();
		while (!ran.await(step, TimeUnit.MILLISECONDS)) {
			if (this.stopped) {
				return;
			}
			long waited = System.nanoTime() - submitted;
			if (!warned && waited > this.warnThreshold.toNanos()) {
				warned = true;
				List<ThreadStack> held = evidence();
				CarrierSnapshot carriers = carriers();
				this.listeners.forEach((listener) -> listener.lagging(Duration.ofNanos(waited), carriers, held));
			}
			if (!this.starved && waited > this.starvationThreshold.toNanos()) {
				Instant since = Instant.now().minusNanos(waited);
				List<ThreadStack> held = evidence();
				CarrierSnapshot carriers = carriers();
				this.starvedSince = since;
				this.lastStarvation = since;
				this.starvationEpisodes.incrementAndGet();
				this.starved = true;
				this.listeners.forEach((listener) -> listener.starved(since, carriers, held));
			}
			checkCarriers();
		}
		long lag = ranAt.get() - submitted;
		this.waitingSinceNanos = 0;
		record(lag);
		Duration lagDuration = Duration.ofNanos(lag);
		if (this.starved) {
			this.starved = false;
			this.starvedSince = null;
			this.listeners.forEach((listener) -> listener.recovered(lagDuration));
		}
		this.listeners.forEach((listener) -> listener.probed(lagDuration));
	}

	// One event per episode: the pool grew beyond parallelism, past every size seen before.
	private boolean growthEpisode;

	private void checkCarriers() {
		CarrierSnapshot carriers = carriers();
		if (!carriers.known()) {
			return;
		}
		if (carriers.size() > this.highWater) {
			this.highWater = carriers.size();
		}
		if (!carriers.compensating()) {
			this.growthEpisode = false;
			return;
		}
		if (!this.growthEpisode && carriers.size() >= this.highWater) {
			this.growthEpisode = true;
			List<ThreadStack> held = evidence();
			CarrierSnapshot now = carriers();
			this.listeners.forEach((listener) -> listener.carriersGrew(now, held));
		}
	}

	private List<ThreadStack> evidence() {
		try {
			List<ThreadStack> held = this.heldCarriers.get();
			this.lastEvidence = List.copyOf(held);
			return this.lastEvidence;
		}
		catch (RuntimeException | LinkageError ex) {
			return List.of();
		}
	}

	private synchronized void record(long lagNanos) {
		this.lastLagNanos = lagNanos;
		this.probesRun.incrementAndGet();
		this.window[this.windowNext] = lagNanos;
		this.windowNext = (this.windowNext + 1) % WINDOW;
		this.windowCount = Math.min(this.windowCount + 1, WINDOW);
	}

	/** @return the carrier pool now */
	public CarrierSnapshot carriers() {
		ForkJoinPool pool = this.carrierPool.pool();
		if (pool == null) {
			return CarrierSnapshot.UNKNOWN;
		}
		int size = pool.getPoolSize();
		return new CarrierSnapshot(size, pool.getParallelism(), Math.max(this.highWater, size),
				pool.getActiveThreadCount(), (int) Math.min(Integer.MAX_VALUE,
						pool.getQueuedSubmissionCount() + pool.getQueuedTaskCount()));
	}

	/** @return the last probe's lag, or {@code null} before the first probe ran */
	public Duration lastLag() {
		long last = this.lastLagNanos;
		return (last >= 0) ? Duration.ofNanos(last) : null;
	}

	/**
	 * The largest lag of the last probes, counting the probe that waits now.
	 * @return the maximum, or {@code null} before the first probe
	 */
	public synchronized Duration maxLag() {
		long max = -1;
		for (int i = 0; i < this.windowCount; i++) {
			max = Math.max(max, this.window[i]);
		}
		long since = this.waitingSinceNanos;
		if (since != 0) {
			max = Math.max(max, System.nanoTime() - since);
		}
		return (max >= 0) ? Duration.ofNanos(max) : null;
	}

	/** @return how long the maximum looks back: the last 60 probes */
	public Duration window() {
		return this.interval.multipliedBy(WINDOW);
	}

	/** @return how many probes have run */
	public long probesRun() {
		return this.probesRun.get();
	}

	/** @return whether the scheduler is starved now */
	public boolean isStarved() {
		return this.starved;
	}

	/** @return since when the scheduler is starved, or {@code null} when it is not */
	public Instant starvedSince() {
		return this.starvedSince;
	}

	/** @return when the last starvation episode began, or {@code null} if there was none */
	public Instant lastStarvation() {
		return this.lastStarvation;
	}

	/** @return how many starvation episodes there were */
	public long starvationEpisodes() {
		return this.starvationEpisodes.get();
	}

	/** @return the virtual threads that held a carrier at the last episode (lag, starvation or growth) */
	public List<ThreadStack> lastEvidence() {
		return this.lastEvidence;
	}

	public Duration getInterval() {
		return this.interval;
	}

	public Duration getWarnThreshold() {
		return this.warnThreshold;
	}

	public Duration getStarvationThreshold() {
		return this.starvationThreshold;
	}

	private void sleepQuietly() {
		try {
			Thread.sleep(this.interval.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			this.stopped = true;
		}
	}

}
