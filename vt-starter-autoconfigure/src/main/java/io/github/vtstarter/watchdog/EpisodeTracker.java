package io.github.vtstarter.watchdog;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Tells overload from a freeze, from what the {@link SchedulerWatchdog} observes, and keeps each episode to one
 * report. No threads, no clock: every call passes the time ({@code System.nanoTime()}), so that a test replays any
 * history exactly.
 * <p>
 * <b>Lag is not the verdict.</b> The probe measures how long a new virtual thread waits for a carrier. Under CPU
 * overload that wait passes ten seconds while carriers complete thousands of tasks: the run queue is long, nothing
 * is stuck. So lag only opens an <em>episode</em>; what the episode is depends on <em>progress</em>, which is any
 * of:
 * <ul>
 * <li>work counts that moved: tasks started or completed by the counted executors, and the carrier pool's steal
 * count (JDK 24+ counts every task a carrier takes; JDK 21 only when a carrier goes idle);</li>
 * <li>a carrier that changed hands: two thread dumps that show different mounted virtual threads. Taken only
 * while the counts stand still and the probe waits, since a dump is not free;</li>
 * <li>the probe that ran.</li>
 * </ul>
 * From that:
 * <ul>
 * <li>{@link SchedulerState#OVERLOAD}: a probe waits longer than the lag threshold and progress is seen after
 * that (progress just before a freeze is not overload);</li>
 * <li>{@link SchedulerState#STALL}: the same virtual threads held the carriers, with no other progress, for the lag
 * threshold, proven by two dumps that far apart, stop-the-world pauses left out; and, where thread CPU time is
 * measured, each carrier between the two dumps either got next to no CPU (its thread was blocked: pinned in a
 * wait) or ran for the lag threshold (code that never yields). A carrier that got a fraction of a CPU was ready to
 * run and waited for the operating system: on a machine whose other processes take the CPU, ordinary short
 * requests stay mounted for seconds. That proves no stall; the progress that follows makes it overload;</li>
 * <li>{@link SchedulerState#STARVED}: the same for the starvation threshold. It ends with the first progress.</li>
 * </ul>
 * An episode ends when no probe has waited longer than the lag threshold for the quiet period. Each kind of event
 * is reported at most once per episode, so a sustained overload is one report, not one per probe.
 */
final class EpisodeTracker {

	/**
	 * A carrier that got less than this share of a CPU between two dumps (percent), and is not runnable, was
	 * blocked: a thread pinned in a wait uses microseconds; one that is ready to run gets, even with a hundred
	 * runnable threads on two cores, some 2%, and a runnable carrier with less is taken as descheduled too, unless
	 * another carrier got ten times as much (then it was blocked in native code, see {@code judgeCpu}).
	 */
	static final int BLOCKED_PERCENT = 1;

	/** A carrier that got at least this share of a CPU between two dumps (percent) ran all along. */
	static final int RUNNING_PERCENT = 90;

	/**
	 * The machine's CPUs busy at least this share of the time between two dumps (percent) had none to spare: only
	 * then can a runnable carrier that got part of a CPU have waited for the operating system. Below it, the
	 * operating system would have run it; it was blocked in a call the JVM counts as running (native code).
	 */
	static final int MACHINE_SATURATED_PERCENT = 90;

	/** What the tracker found; {@link #drain()} hands each over once. */
	enum Event {

		/** An episode turned out to be overload (once per episode). */
		OVERLOAD,

		/** An episode turned out to be a stall (once per episode). */
		STALL,

		/** The stall lasted the starvation threshold. */
		STARVATION,

		/** Progress ended a starvation. */
		RECOVERY,

		/** The episode ended after the quiet period: {@link #lastSummary()}. */
		END

	}

	private final long lagThreshold;

	private final long starvationThreshold;

	private final long quietPeriod;

	private final long snapshotInterval;

	private final List<Event> events = new ArrayList<>();

	// Progress
	private boolean counted;

	private long progressCount;

	private long completedCount;

	private long progressAt;

	// The first dump of a run of dumps that all show the same mounted threads, and the latest of that run.
	private HeldCarriers baseline;

	private long baselineAt;

	private HeldCarriers latest;

	private long latestAt;

	// The JVM's pause time (stop-the-world GC) so far, at the first and the latest dump of the run.
	private long baselinePaused;

	private long latestPaused;

	// The carriers' CPU time so far, at the first and the latest dump of the run.
	private CarrierCpuTimes baselineCpu = CarrierCpuTimes.UNKNOWN;

	private CarrierCpuTimes latestCpu = CarrierCpuTimes.UNKNOWN;

	// What the carriers' CPU time says of the run so far: whether a carrier was ready to run but got only part of
	// a CPU (no stall), and the carriers' average share (-1: not measured), kept for the episode.
	private boolean descheduled;

	private int cpuPercent = -1;

	private int episodeCpuPercent = -1;

	// For a run judged descheduled: how long after its latest dump every carrier that got part of a CPU will have
	// run for the lag threshold, at the share it got (Long.MAX_VALUE: a carrier got next to none, no date is known).
	private long untilRanLagThreshold = Long.MAX_VALUE;

	private long nextSnapshotAt;

	// Dumps taken since the counts last moved: the first two come one snapshot interval apart, later ones are
	// spaced by their cost.
	private int dumpsSinceCountsMoved;

	// The episode, if one is open
	private boolean open;

	private long episodeStart;

	private long lastLagging;

	private long maxLag;

	private long completedAtStart;

	private SchedulerState worst = SchedulerState.NORMAL;

	private boolean overloadReported;

	private boolean stallReported;

	private boolean lagging;

	// When the probe that lags now was submitted.
	private long lagSince;

	// Starvation
	private boolean starved;

	private long starvedSince;

	private Duration lastStarvation;

	private EpisodeSummary lastSummary;

	private long overloadEpisodes;

	private long stallEpisodes;

	private long starvationEpisodes;

	/**
	 * Creates a tracker.
	 * @param lagThreshold a probe waiting longer opens an episode; a stall proven that long is reported
	 * @param starvationThreshold a stall proven that long is starvation
	 * @param quietPeriod an episode ends when no probe has waited longer than the lag threshold for this long
	 * @param snapshotInterval the least time between two thread dumps, and how long the counts must stand still
	 * before the first
	 */
	EpisodeTracker(Duration lagThreshold, Duration starvationThreshold, Duration quietPeriod,
			Duration snapshotInterval) {
		this.lagThreshold = lagThreshold.toNanos();
		this.starvationThreshold = starvationThreshold.toNanos();
		this.quietPeriod = quietPeriod.toNanos();
		this.snapshotInterval = snapshotInterval.toNanos();
	}

	/**
	 * The work counts, read at every check.
	 * @param now the time
	 * @param progress a count that moves with any progress (tasks started and completed, carrier steals)
	 * @param completed tasks completed or failed by the counted executors, for the episode's summary
	 */
	synchronized void counts(long now, long progress, long completed) {
		if (this.counted && progress != this.progressCount) {
			progress(now);
			this.dumpsSinceCountsMoved = 0;
		}
		this.counted = true;
		this.progressCount = progress;
		this.completedCount = completed;
	}

	/**
	 * Whether to take a thread dump now: a probe has waited longer than the lag threshold, the counts have stood
	 * still for the snapshot interval, and the last dump is far enough back.
	 * @param now the time
	 * @param waited how long the probe has waited
	 * @return whether to call {@link #snapshot}
	 */
	synchronized boolean wantsSnapshot(long now, long waited) {
		return waited > this.lagThreshold && now - this.progressAt >= this.snapshotInterval
				&& now - this.nextSnapshotAt >= 0;
	}

	/**
	 * A thread dump's mounted virtual threads.
	 * @param now when it was taken
	 * @param held what it shows ({@link HeldCarriers#UNKNOWN} when it failed)
	 * @param cost how long taking it took, in nanoseconds. The first two dumps after the counts stood still come one
	 * snapshot interval apart, so that a stall is proven within the lag threshold; after those, each waits at least
	 * twenty times as long as the last took, so that a long overload whose work the counts do not see costs no
	 * more than a twentieth of one core in dumps; but no later than a run of the same holders reaches the lag
	 * threshold or the starvation threshold, or, where its carriers got part of a CPU, than they will have run for
	 * the lag threshold at that share
	 */
	synchronized void snapshot(long now, HeldCarriers held, long cost) {
		snapshot(now, 0, held, cost);
	}

	/**
	 * A thread dump's mounted virtual threads, and how long the JVM has been paused so far (stop-the-world
	 * collections): a pause stops every thread, so it proves nothing about who holds the carriers, and is left out
	 * of the proof of a stall.
	 * @param now when it was taken
	 * @param paused the JVM's pause time so far, in nanoseconds
	 * @param held what it shows ({@link HeldCarriers#UNKNOWN} when it failed)
	 * @param cost how long taking it took, in nanoseconds (see {@link #snapshot(long, HeldCarriers, long)})
	 */
	synchronized void snapshot(long now, long paused, HeldCarriers held, long cost) {
		snapshot(now, paused, held, CarrierCpuTimes.UNKNOWN, cost);
	}

	/**
	 * A thread dump's mounted virtual threads, the JVM's pause time so far, and the carriers' CPU time so far: the
	 * same threads on the carriers prove a stall only where each carrier got next to no CPU (blocked) or ran for
	 * the lag threshold; a carrier that got a fraction of a CPU waited for the operating system.
	 * @param now when it was taken
	 * @param paused the JVM's pause time so far, in nanoseconds
	 * @param held what it shows ({@link HeldCarriers#UNKNOWN} when it failed)
	 * @param cpu the carriers' CPU time so far, taken just after the dump ({@link CarrierCpuTimes#UNKNOWN}: not
	 * measured, the dumps alone prove a stall)
	 * @param cost how long taking it took, in nanoseconds (see {@link #snapshot(long, HeldCarriers, long)})
	 */
	synchronized void snapshot(long now, long paused, HeldCarriers held, CarrierCpuTimes cpu, long cost) {
		this.dumpsSinceCountsMoved++;
		if (this.baseline != null && held.sameHoldersAs(this.baseline)) {
			this.latest = held;
			this.latestAt = now;
			this.latestPaused = paused;
			this.latestCpu = cpu;
			judgeCpu();
			scheduleNextSnapshot(now, cost);
			return;
		}
		if (this.baseline != null && !held.mounted().isEmpty()) {
			progress(now);
		}
		// A new run of dumps starts here; an empty one proves nothing and starts none.
		this.baseline = held.mounted().isEmpty() ? null : held;
		this.baselineAt = now;
		this.latest = this.baseline;
		this.latestAt = now;
		this.baselinePaused = paused;
		this.latestPaused = paused;
		this.baselineCpu = cpu;
		this.latestCpu = cpu;
		this.descheduled = false;
		this.cpuPercent = -1;
		scheduleNextSnapshot(now, cost);
	}

	// The first two dumps after the counts stood still come one snapshot interval apart, later ones twenty times
	// their cost apart. A run of two or more dumps that showed the same holders is the exception, as a slow dump on
	// a loaded machine (half a second: the next in ten) must not put a verdict off past the end of the stall:
	// - each carrier blocked or running: its verdicts are due when its proof reaches the lag threshold (the stall)
	//   and the starvation threshold;
	// - a carrier that got part of a CPU: the proof may be due when every such carrier will have run for the lag
	//   threshold at the share it got (code that never yields, on a machine whose other processes take half the
	//   CPU). Without this, the spin of a CPU-bound request ended before the next dump, and the stall was missed.
	// At most a few dumps more per such run; an overload, whose holders change, keeps the spacing by cost, and so
	// does a run whose carrier got next to no CPU while ready to run (no date is known).
	private void scheduleNextSnapshot(long now, long cost) {
		long spacing = (this.dumpsSinceCountsMoved < 2) ? this.snapshotInterval
				: Math.max(this.snapshotInterval, 20 * cost);
		if (this.baseline != null && this.latestAt != this.baselineAt) {
			long due = Long.MAX_VALUE;
			if (!this.descheduled) {
				long proven = provenStall();
				long verdict = (proven < this.lagThreshold) ? this.lagThreshold : this.starvationThreshold;
				if (proven < verdict) {
					due = verdict - proven;
				}
			}
			else {
				due = this.untilRanLagThreshold;
			}
			spacing = Math.min(spacing, Math.max(this.snapshotInterval, due));
		}
		this.nextSnapshotAt = now + spacing;
	}

	// Each carrier alive at both dumps: blocked (next to no CPU), running (the CPU nearly all along, or for the
	// lag threshold), or neither: ready to run, the CPU went elsewhere.
	private void judgeCpu() {
		this.descheduled = false;
		this.cpuPercent = -1;
		this.untilRanLagThreshold = Long.MAX_VALUE;
		long window = pauseFreeWindow();
		if (!this.baselineCpu.known() || !this.latestCpu.known() || window <= 0) {
			return;
		}
		int machineBusy = this.latestCpu.machineBusyPercentSince(this.baselineCpu);
		// Unknown (not Linux): a carrier that got part of a CPU is taken as waiting for it, as no stall.
		boolean cpuToSpare = machineBusy >= 0 && machineBusy < MACHINE_SATURATED_PERCENT;
		long mostCpu = mostCarrierCpu();
		// The operating system gives threads of one process that are ready to run about equal shares of the CPU: a
		// carrier that got less than a tenth of what another carrier got, the other at least the blocked share,
		// was not ready to run most of the time, whatever the JVM's state says. It was blocked in native code:
		// Jetty 12.1 runs its selector on a virtual thread, which on JDK 21 holds a carrier in epoll_wait. The
		// machine then is as busy as the other carriers make it, so its saturation proves nothing of this one.
		boolean siblingRan = mostCpu * 100 >= window * BLOCKED_PERCENT;
		long busyPercentSum = 0;
		int busy = 0;
		int measured = 0;
		long untilRan = 0;
		for (var carrier : this.latestCpu.nanos().entrySet()) {
			Long before = this.baselineCpu.nanos().get(carrier.getKey());
			if (before == null) {
				continue;
			}
			long cpu = Math.max(0, carrier.getValue() - before);
			long percent = Math.min(100, cpu * 100 / window);
			measured++;
			if (percent < BLOCKED_PERCENT) {
				boolean outrun = siblingRan && cpu * 10 < mostCpu;
				if (this.latestCpu.runnable().contains(carrier.getKey()) && !cpuToSpare && !outrun) {
					// Next to no CPU, yet ready to run, on a machine with none to spare, and no other carrier ran
					// much more: the operating system ran other processes. With CPU to spare, or beside a carrier
					// that ran, it was blocked in native code.
					this.descheduled = true;
					untilRan = Long.MAX_VALUE;
				}
				continue;
			}
			busy++;
			busyPercentSum += percent;
			if (percent < RUNNING_PERCENT && cpu < this.lagThreshold && !cpuToSpare) {
				this.descheduled = true;
				// At the share it got (double: the product of two long durations overflows a long).
				long remaining = (long) ((double) (this.lagThreshold - cpu) * window / cpu);
				untilRan = Math.max(untilRan, remaining);
			}
		}
		if (this.descheduled) {
			this.untilRanLagThreshold = untilRan;
		}
		if (measured > 0) {
			this.cpuPercent = (busy > 0) ? (int) (busyPercentSum / busy) : 0;
			this.episodeCpuPercent = this.cpuPercent;
		}
	}

	// The most CPU time one carrier alive at both dumps got between them.
	private long mostCarrierCpu() {
		long most = 0;
		for (var carrier : this.latestCpu.nanos().entrySet()) {
			Long before = this.baselineCpu.nanos().get(carrier.getKey());
			if (before != null) {
				most = Math.max(most, carrier.getValue() - before);
			}
		}
		return most;
	}

	private long pauseFreeWindow() {
		return (this.latestAt - this.baselineAt) - (this.latestPaused - this.baselinePaused);
	}

	/**
	 * A check while the probe waits, after the counts and any snapshot: reports overload, stall or starvation.
	 * @param now the time
	 * @param waited how long the probe has waited
	 */
	synchronized void waiting(long now, long waited) {
		if (waited <= this.lagThreshold) {
			return;
		}
		lagged(now, waited);
		this.lagSince = now - waited;
		long proven = provenStall();
		if (proven >= this.starvationThreshold && !this.starved) {
			this.starved = true;
			this.starvedSince = this.baselineAt;
			this.starvationEpisodes++;
			if (!this.stallReported) {
				this.stallReported = true;
				this.stallEpisodes++;
			}
			worsen(SchedulerState.STARVED);
			this.events.add(Event.STARVATION);
		}
		else if (proven >= this.lagThreshold && !this.stallReported) {
			this.stallReported = true;
			this.stallEpisodes++;
			worsen(SchedulerState.STALL);
			this.events.add(Event.STALL);
		}
		else if (!this.overloadReported && !this.stallReported && progressWhileLagging()) {
			this.overloadReported = true;
			this.overloadEpisodes++;
			worsen(SchedulerState.OVERLOAD);
			this.events.add(Event.OVERLOAD);
		}
	}

	/**
	 * The probe ran: progress, and its lag.
	 * @param now the time
	 * @param lag how long it waited
	 */
	synchronized void probeRan(long now, long lag) {
		progress(now);
		this.dumpsSinceCountsMoved = 0;
		this.lagging = false;
		if (lag > this.lagThreshold) {
			lagged(now, lag);
			this.lagSince = now - lag;
		}
		if (this.open && now - this.lastLagging >= this.quietPeriod) {
			this.lastSummary = new EpisodeSummary(this.worst, Duration.ofNanos(this.lastLagging - this.episodeStart),
					Duration.ofNanos(this.maxLag), this.completedCount - this.completedAtStart);
			this.open = false;
			this.episodeCpuPercent = -1;
			this.events.add(Event.END);
		}
	}

	private void lagged(long now, long lag) {
		if (!this.open) {
			this.open = true;
			this.episodeStart = now;
			this.maxLag = 0;
			this.completedAtStart = this.completedCount;
			this.worst = SchedulerState.LAGGING;
			this.overloadReported = false;
			this.stallReported = false;
		}
		this.lagging = true;
		this.lastLagging = now;
		this.maxLag = Math.max(this.maxLag, lag);
	}

	private void progress(long now) {
		this.progressAt = now;
		this.baseline = null;
		this.latest = null;
		if (this.starved) {
			this.starved = false;
			this.lastStarvation = Duration.ofNanos(now - this.starvedSince);
			this.events.add(Event.RECOVERY);
		}
	}

	private void worsen(SchedulerState state) {
		if (state.compareTo(this.worst) > 0) {
			this.worst = state;
		}
	}

	// How long dumps have proven that the same threads held the carriers with nothing else moving, the JVM's
	// pauses left out; nothing while a carrier got only part of a CPU (it waited for the operating system).
	private long provenStall() {
		return (this.baseline != null && !this.descheduled) ? Math.max(0, pauseFreeWindow()) : 0;
	}

	/**
	 * How much of a CPU the carriers got between the last two dumps that showed the same threads on them, in the
	 * open episode.
	 * @return the average share in percent of the carriers that got any (0 when all were blocked), or -1 when not
	 * measured
	 */
	synchronized int carrierCpuPercent() {
		return this.open ? this.episodeCpuPercent : -1;
	}

	/**
	 * Hands over what was found since the last call, in order.
	 * @return the events
	 */
	synchronized List<Event> drain() {
		List<Event> drained = List.copyOf(this.events);
		this.events.clear();
		return drained;
	}

	/** @return the state now */
	synchronized SchedulerState state() {
		if (this.starved) {
			return SchedulerState.STARVED;
		}
		if (!this.lagging) {
			return SchedulerState.NORMAL;
		}
		if (provenStall() >= this.lagThreshold) {
			return SchedulerState.STALL;
		}
		return progressWhileLagging() ? SchedulerState.OVERLOAD : SchedulerState.LAGGING;
	}

	// Progress after the lagging probe had waited the lag threshold: the last task that completed as a freeze
	// began is not overload.
	private boolean progressWhileLagging() {
		return this.progressAt - (this.lagSince + this.lagThreshold) > 0;
	}

	/** @return the dump of the current stall (its latest), or {@code null} when none is proven */
	synchronized HeldCarriers stallEvidence() {
		return (provenStall() > 0) ? this.latest : null;
	}

	/** @return how long the current stall is proven, in nanoseconds */
	synchronized long provenStallNanos() {
		return provenStall();
	}

	/** @return whether the scheduler is starved */
	synchronized boolean isStarved() {
		return this.starved;
	}

	/** @return when the current starvation began (nanoTime), meaningful while {@link #isStarved()} */
	synchronized long starvedSince() {
		return this.starvedSince;
	}

	/** @return how long the last starvation lasted, or {@code null} if none ended */
	synchronized Duration lastStarvation() {
		return this.lastStarvation;
	}

	/** @return the summary of the last episode that ended, or {@code null} */
	synchronized EpisodeSummary lastSummary() {
		return this.lastSummary;
	}

	/**
	 * The open episode so far.
	 * @param now the time
	 * @return its summary so far, or {@code null} when no episode is open
	 */
	synchronized EpisodeSummary current(long now) {
		if (!this.open) {
			return null;
		}
		return new EpisodeSummary(this.worst, Duration.ofNanos(now - this.episodeStart), Duration.ofNanos(this.maxLag),
				this.completedCount - this.completedAtStart);
	}

	/** @return when the open episode began (nanoTime), meaningful while one is open */
	synchronized long episodeStart() {
		return this.episodeStart;
	}

	/** @return how many episodes turned out to be overload */
	synchronized long overloadEpisodes() {
		return this.overloadEpisodes;
	}

	/** @return how many episodes turned out to be a stall (starvations included) */
	synchronized long stallEpisodes() {
		return this.stallEpisodes;
	}

	/** @return how many stalls lasted the starvation threshold */
	synchronized long starvationEpisodes() {
		return this.starvationEpisodes;
	}

}
