package io.github.vtstarter.watchdog;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Watches the virtual-thread scheduler from outside it, as Vert.x names an event loop that has not come back.
 * <p>
 * A platform daemon thread of its own ({@code vtstarter-scheduler-watchdog}) starts a tiny virtual thread, the
 * probe, every {@code interval}, and measures how long the probe waits before it runs: the <em>scheduling
 * lag</em>, what any virtual thread handed over at that moment waits. The watchdog must be a platform thread: when
 * every carrier is held, a virtual watchdog would wait with the rest.
 * <p>
 * Lag alone is no verdict: under CPU overload a probe waits many seconds while carriers complete work all along.
 * While a probe waits, the watchdog also looks for progress (work counts, carriers changing hands, see
 * {@link EpisodeTracker}) and tells its {@link WatchdogListener listeners} which it is, once per episode:
 * {@linkplain SchedulerState#OVERLOAD overload}, a {@linkplain SchedulerState#STALL stall}, or
 * {@linkplain SchedulerState#STARVED starvation} (then the recovery), and a summary when the episode ends. Every
 * tick also reads the carrier pool: one {@link WatchdogListener#carriersGrew} when it grows past
 * {@link #carrierGrowthWarningSize(int)} carriers, past its highest size so far, while a thread dump shows more
 * virtual threads holding carriers than the parallelism (compensation for carriers blocked in {@code Object.wait}
 * or file I/O on JDK 21-23; carriers that merely outlive what made the JDK add them are no finding).
 * <p>
 * One probe is in flight at a time: a starved scheduler is not flooded with probes.
 */
public final class SchedulerWatchdog {

	/** The watchdog thread's name. */
	public static final String THREAD_NAME = "vtstarter-scheduler-watchdog";

	/** The prefix of the probes' names. */
	public static final String PROBE_NAME = "vtstarter-scheduler-probe";

	/** The quiet period after which an episode ends, unless configured. */
	public static final Duration DEFAULT_QUIET_PERIOD = Duration.ofSeconds(30);

	private static final int WINDOW = 60;

	// Dumps prove a stall: not more often than this, nor than twenty times their own cost.
	private static final Duration MIN_SNAPSHOT_INTERVAL = Duration.ofMillis(200);

	private final Duration interval;

	private final Duration lagThreshold;

	private final Duration starvationThreshold;

	private final Duration quietPeriod;

	private final ThreadFactory probes;

	private final CarrierPool carrierPool;

	private final Supplier<HeldCarriers> heldCarriers;

	private final LongSupplier startedTasks;

	private final LongSupplier completedTasks;

	private final EpisodeTracker tracker;

	// The JVM's stop-the-world pause time so far, in nanoseconds: left out of the proof of a stall.
	private final LongSupplier pauses = SchedulerWatchdog::gcPauseNanos;

	private final List<WatchdogListener> listeners = new CopyOnWriteArrayList<>();

	private final Instant createdAt = Instant.now();

	private final long createdAtNanos = System.nanoTime();

	// Lags of the last WINDOW probes, in nanoseconds, for the windowed maximum.
	private final long[] window = new long[WINDOW];

	private int windowCount;

	private int windowNext;

	private final AtomicLong probesRun = new AtomicLong();

	private volatile long lastLagNanos = -1;

	private volatile int highWater;

	private volatile List<ThreadStack> lastEvidence = List.of();

	// When the last starvation began, as a wall-clock instant.
	private volatile Instant lastStarvationStart;

	// One growth event per episode: the pool grew past the warning size, past every size seen before.
	private boolean growthEpisode;

	// Whether a thread dump has failed already: told once.
	private boolean evidenceFailed;

	private volatile long waitingSinceNanos;

	private volatile Thread thread;

	private volatile boolean stopped;

	/**
	 * Creates a watchdog; {@link #start()} starts it.
	 * @param interval time between probes
	 * @param lagThreshold a probe waiting longer opens an episode (overload, stall or starvation)
	 * @param starvationThreshold a stall this long is starvation
	 * @param quietPeriod an episode ends when no probe has waited longer than the lag threshold for this long
	 * @param probes a factory of virtual threads for the probes
	 * @param carrierPool the carrier pool
	 * @param heldCarriers the virtual threads mounted now, from a thread dump
	 * @param startedTasks tasks started so far by the executors the application counts (progress)
	 * @param completedTasks tasks completed or failed so far by those executors (progress, and the work done
	 * during an episode)
	 */
	public SchedulerWatchdog(Duration interval, Duration lagThreshold, Duration starvationThreshold,
			Duration quietPeriod, ThreadFactory probes, CarrierPool carrierPool, Supplier<HeldCarriers> heldCarriers,
			LongSupplier startedTasks, LongSupplier completedTasks) {
		this.interval = interval;
		this.lagThreshold = lagThreshold;
		this.starvationThreshold = starvationThreshold;
		this.quietPeriod = quietPeriod;
		this.probes = probes;
		this.carrierPool = carrierPool;
		this.heldCarriers = heldCarriers;
		this.startedTasks = startedTasks;
		this.completedTasks = completedTasks;
		Duration snapshotInterval = (interval.compareTo(MIN_SNAPSHOT_INTERVAL) > 0) ? interval : MIN_SNAPSHOT_INTERVAL;
		this.tracker = new EpisodeTracker(lagThreshold, starvationThreshold, quietPeriod, snapshotInterval);
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
		countWork(submitted);
		checkCarriers();
		while (!ran.await(step, TimeUnit.MILLISECONDS)) {
			if (this.stopped) {
				return;
			}
			long now = System.nanoTime();
			long waited = now - submitted;
			countWork(now);
			if (this.tracker.wantsSnapshot(now, waited)) {
				HeldCarriers held = snapshot();
				long taken = System.nanoTime();
				CarrierCpuTimes cpu = this.carrierPool.cpuTimes();
				this.tracker.snapshot(taken, this.pauses.getAsLong(), held, cpu, taken - now);
			}
			this.tracker.waiting(System.nanoTime(), waited);
			report();
			checkCarriers();
		}
		long lag = ranAt.get() - submitted;
		this.waitingSinceNanos = 0;
		record(lag);
		long now = System.nanoTime();
		countWork(now);
		this.tracker.probeRan(now, lag);
		report();
		Duration lagDuration = Duration.ofNanos(lag);
		this.listeners.forEach((listener) -> listener.probed(lagDuration));
	}

	private void countWork(long now) {
		long completed = this.completedTasks.getAsLong();
		// The steal count moves with every task a carrier takes on JDK 24+ (on 21, only when a carrier idles).
		this.tracker.counts(now, this.startedTasks.getAsLong() + completed + this.carrierPool.stealCount(),
				completed);
	}

	private void report() {
		for (EpisodeTracker.Event event : this.tracker.drain()) {
			switch (event) {
				case OVERLOAD -> {
					Duration waited = Duration.ofNanos(System.nanoTime() - this.waitingSinceNanos);
					CarrierSnapshot carriers = carriers();
					EpisodeSummary episode = this.tracker.current(System.nanoTime());
					this.listeners.forEach((listener) -> listener.overloaded(waited, carriers, episode));
				}
				case STALL -> {
					Duration stalled = Duration.ofNanos(this.tracker.provenStallNanos());
					List<ThreadStack> held = evidence(this.tracker.stallEvidence());
					CarrierSnapshot carriers = carriers();
					this.listeners.forEach((listener) -> listener.stalled(stalled, carriers, held));
				}
				case STARVATION -> {
					Instant since = instant(this.tracker.starvedSince());
					this.lastStarvationStart = since;
					List<ThreadStack> held = evidence(this.tracker.stallEvidence());
					CarrierSnapshot carriers = carriers();
					this.listeners.forEach((listener) -> listener.starved(since, carriers, held));
				}
				case RECOVERY -> {
					Duration lasted = this.tracker.lastStarvation();
					this.listeners.forEach((listener) -> listener.recovered(lasted));
				}
				case END -> {
					EpisodeSummary summary = this.tracker.lastSummary();
					this.listeners.forEach((listener) -> listener.episodeEnded(summary));
				}
			}
		}
	}

	private List<ThreadStack> evidence(HeldCarriers held) {
		List<ThreadStack> threads = (held != null) ? held.threads() : List.of();
		this.lastEvidence = threads;
		return threads;
	}

	private HeldCarriers snapshot() {
		try {
			HeldCarriers held = this.heldCarriers.get();
			return (held != null) ? held : HeldCarriers.UNKNOWN;
		}
		catch (RuntimeException | LinkageError ex) {
			if (!this.evidenceFailed) {
				this.evidenceFailed = true;
				this.listeners.forEach((listener) -> listener.evidenceUnavailable(ex));
			}
			return HeldCarriers.UNKNOWN;
		}
	}

	private void checkCarriers() {
		CarrierSnapshot carriers = carriers();
		if (!carriers.known()) {
			return;
		}
		if (carriers.size() > this.highWater) {
			this.highWater = carriers.size();
		}
		if (carriers.size() < carrierGrowthWarningSize(carriers.parallelism())) {
			this.growthEpisode = false;
			return;
		}
		if (!this.growthEpisode && carriers.size() >= this.highWater) {
			this.growthEpisode = true;
			// Carriers outlive what made the JDK add them (they idle for a while): only virtual threads that hold
			// more carriers than the parallelism now make growth a finding.
			HeldCarriers held = snapshot();
			if (held.mounted().size() > carriers.parallelism()) {
				List<ThreadStack> threads = evidence(held);
				CarrierSnapshot now = carriers();
				this.listeners.forEach((listener) -> listener.carriersGrew(now, threads));
			}
		}
	}

	/**
	 * The pool size from which growth is reported: twice the parallelism, and at least four carriers beyond it.
	 * A carrier or two more is the JDK compensating for a file write or a class being loaded, as it does all the
	 * time on JDK 21-23; this many is virtual threads holding carriers hostage (the endpoint shows any growth).
	 * @param parallelism the scheduler's parallelism
	 * @return the size
	 */
	public static int carrierGrowthWarningSize(int parallelism) {
		return Math.max(2 * parallelism, parallelism + 4);
	}

	private synchronized void record(long lagNanos) {
		this.lastLagNanos = lagNanos;
		this.probesRun.incrementAndGet();
		this.window[this.windowNext] = lagNanos;
		this.windowNext = (this.windowNext + 1) % WINDOW;
		this.windowCount = Math.min(this.windowCount + 1, WINDOW);
	}

	// A System.nanoTime() as a wall-clock instant, from one fixed pair: the same nanoTime always gives the same
	// instant, so that 'since' does not move between two reads of the endpoint.
	private Instant instant(long nanoTime) {
		return this.createdAt.plusNanos(nanoTime - this.createdAtNanos);
	}

	/**
	 * The time the JVM has spent in stop-the-world collections so far, from the collectors' MXBeans. The beans of
	 * concurrent work (G1's "G1 Concurrent GC", ZGC's and Shenandoah's "Cycles") are left out: their time does not
	 * stop the application.
	 * @return the pause time, in nanoseconds
	 */
	static long gcPauseNanos() {
		long millis = 0;
		for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
			String name = collector.getName();
			long time = collector.getCollectionTime();
			if (time > 0 && !name.contains("Concurrent") && !name.contains("Cycles")) {
				millis += time;
			}
		}
		return millis * 1_000_000;
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
						pool.getQueuedSubmissionCount() + pool.getQueuedTaskCount()),
				this.tracker.carrierCpuPercent());
	}

	/** @return what the watchdog makes of the scheduler now */
	public SchedulerState state() {
		return this.tracker.state();
	}

	/** @return the open episode so far, or {@code null} when there is none */
	public EpisodeSummary currentEpisode() {
		return this.tracker.current(System.nanoTime());
	}

	/** @return when the open episode began, or {@code null} when there is none */
	public Instant currentEpisodeSince() {
		return (this.tracker.current(System.nanoTime()) != null) ? instant(this.tracker.episodeStart()) : null;
	}

	/** @return the last episode that ended, or {@code null} */
	public EpisodeSummary lastEpisode() {
		return this.tracker.lastSummary();
	}

	/** @return how many episodes were overload */
	public long overloadEpisodes() {
		return this.tracker.overloadEpisodes();
	}

	/** @return how many episodes were a stall (starvations included) */
	public long stallEpisodes() {
		return this.tracker.stallEpisodes();
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

	/** @return how far the maximum looks back: the last 60 probes */
	public Duration window() {
		return this.interval.multipliedBy(WINDOW);
	}

	/** @return how many probes have run */
	public long probesRun() {
		return this.probesRun.get();
	}

	/** @return whether the scheduler is starved now */
	public boolean isStarved() {
		return this.tracker.isStarved();
	}

	/** @return since when the scheduler is starved, or {@code null} when it is not */
	public Instant starvedSince() {
		return this.tracker.isStarved() ? instant(this.tracker.starvedSince()) : null;
	}

	/** @return when the last starvation episode began, or {@code null} if there was none */
	public Instant lastStarvation() {
		return this.lastStarvationStart;
	}

	/** @return how many starvation episodes there were */
	public long starvationEpisodes() {
		return this.tracker.starvationEpisodes();
	}

	/** @return the virtual threads that held the carriers at the last stall, starvation or carrier growth */
	public List<ThreadStack> lastEvidence() {
		return this.lastEvidence;
	}

	public Duration getInterval() {
		return this.interval;
	}

	public Duration getLagThreshold() {
		return this.lagThreshold;
	}

	public Duration getStarvationThreshold() {
		return this.starvationThreshold;
	}

	public Duration getQuietPeriod() {
		return this.quietPeriod;
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
