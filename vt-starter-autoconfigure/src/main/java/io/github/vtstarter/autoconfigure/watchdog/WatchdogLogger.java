package io.github.vtstarter.autoconfigure.watchdog;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.github.vtstarter.autoconfigure.DegradedFeatures;
import io.github.vtstarter.watchdog.CarrierSnapshot;
import io.github.vtstarter.watchdog.EpisodeSummary;
import io.github.vtstarter.watchdog.HeldCarrierFinder;
import io.github.vtstarter.watchdog.SchedulerState;
import io.github.vtstarter.watchdog.ThreadStack;
import io.github.vtstarter.watchdog.WatchdogListener;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.context.ApplicationListener;
import org.springframework.context.event.ContextRefreshedEvent;

/**
 * Logs the watchdog's episodes within a budget: a handful of lines per episode, however long it lasts.
 * <ul>
 * <li>overload: one INFO line when an episode turns out to be overload (more work than CPU, health UP);</li>
 * <li>stall: one WARN with the stacks of the virtual threads holding the carriers;</li>
 * <li>starvation: one ERROR (with the stacks unless the stall's WARN had them), and one INFO when work runs
 * again;</li>
 * <li>the end of a reported episode: one INFO line with how long it lasted, the longest lag and the work completed
 * meanwhile;</li>
 * <li>carrier growth past the warning size: one WARN with the stacks per high-water episode.</li>
 * </ul>
 * Until start-up is over ({@link #started()}), overload, stalls and carrier growth are only
 * counted: start-up loads classes and warms caches, which holds carriers for a moment and is not a finding. One
 * INFO line then says what start-up saw; the endpoint shows it too. Starvation is logged at once, at any time: a
 * freeze is a freeze.
 */
class WatchdogLogger implements WatchdogListener, ApplicationListener<ContextRefreshedEvent> {

	private static final Log logger = LogFactory.getLog(WatchdogLogger.class);

	/** The feature listed under {@code degraded} when thread dumps fail. */
	static final String DUMPS = "the watchdog's thread dumps (the names and stacks of the virtual threads holding "
			+ "the carriers, and the proof of a stall where the work counts show nothing)";

	private volatile boolean ready;

	// Start-up, until ready: what was held back.
	private int startupOverloads;

	private int startupStalls;

	private int startupGrowth;

	// The current episode: whether it was logged, and whether its stacks were.
	private boolean episodeLogged;

	private boolean stacksLogged;

	@Override
	public synchronized void overloaded(Duration waited, CarrierSnapshot carriers, EpisodeSummary episode) {
		if (!this.ready) {
			this.startupOverloads++;
			return;
		}
		this.episodeLogged = true;
		logger.info("vt-starter: overload: virtual threads wait " + waited.toMillis()
				+ " ms for a carrier while the carriers keep making progress: more work than CPU, not a freeze; "
				+ "health 'virtualThreads' stays UP. " + carriers + ". One line will sum the episode up when it ends.");
	}

	@Override
	public synchronized void stalled(Duration stalled, CarrierSnapshot carriers, List<ThreadStack> held) {
		if (!this.ready) {
			this.startupStalls++;
			return;
		}
		this.episodeLogged = true;
		this.stacksLogged = true;
		logger.warn("vt-starter: stall: the same virtual threads have held every carrier for " + stalled.toMillis()
				+ " ms and no other virtual thread ran; the rest wait for them. " + carriers + ". " + evidence(held));
	}

	@Override
	public synchronized void starved(Instant since, CarrierSnapshot carriers, List<ThreadStack> held) {
		this.episodeLogged = true;
		String evidence = this.stacksLogged ? culpritLine(held) + " (stacks in the stall's WARN above)"
				: evidence(held);
		this.stacksLogged = true;
		logger.error("vt-starter: the virtual-thread scheduler has made no progress since " + since
				+ ": starvation. The same virtual threads hold every carrier and nothing else runs (requests on "
				+ "virtual threads hang) until one is freed; health 'virtualThreads' is DOWN. " + carriers + ". "
				+ evidence);
	}

	@Override
	public void recovered(Duration lasted) {
		logger.info("vt-starter: the virtual-thread scheduler runs again after " + lasted.toMillis()
				+ " ms of starvation; health 'virtualThreads' is UP");
	}

	@Override
	public synchronized void episodeEnded(EpisodeSummary summary) {
		if (this.episodeLogged) {
			logger.info("vt-starter: the scheduling-lag episode is over: " + describe(summary.worst()) + " for "
					+ seconds(summary.duration()) + ", longest lag " + summary.maxLag().toMillis() + " ms, "
					+ tasks(summary.completedTasks()) + " of the counted executors completed meanwhile");
		}
		this.episodeLogged = false;
		this.stacksLogged = false;
	}

	@Override
	public void evidenceUnavailable(Throwable cause) {
		DegradedFeatures.record(logger, DUMPS, cause);
	}

	@Override
	public synchronized void carriersGrew(CarrierSnapshot carriers, List<ThreadStack> held) {
		if (!this.ready) {
			this.startupGrowth = Math.max(this.startupGrowth, carriers.size());
			return;
		}
		logger.warn("vt-starter: the carrier pool grew to " + carriers.size() + " carriers for a parallelism of "
				+ carriers.parallelism() + ": " + carriers + ". The JDK adds a carrier for each virtual thread that "
				+ "blocks its own in Object.wait() or file I/O (JDK 21-23); each is a platform thread, up to "
				+ "jdk.virtualThreadScheduler.maxPoolSize. " + evidence(held));
	}

	@Override
	public void onApplicationEvent(ContextRefreshedEvent event) {
		started();
	}

	/**
	 * Start-up is over (the context has been refreshed, the web server runs): from now on episodes are logged,
	 * and one INFO line says what start-up saw, if anything.
	 */
	synchronized void started() {
		if (this.ready) {
			return;
		}
		this.ready = true;
		if (this.startupOverloads + this.startupStalls + this.startupGrowth == 0) {
			return;
		}
		StringBuilder line = new StringBuilder("vt-starter: during start-up the virtual-thread scheduler lagged (");
		line.append(this.startupOverloads).append(" overload, ").append(this.startupStalls).append(" stall episodes");
		if (this.startupGrowth > 0) {
			line.append(", carriers grew to ").append(this.startupGrowth);
		}
		line.append("), as class loading and warm-up do; not logged one by one. Details: /actuator/virtualthreads");
		logger.info(line);
	}

	private static String describe(SchedulerState worst) {
		return switch (worst) {
			case STARVED -> "starvation";
			case STALL -> "a stall";
			case OVERLOAD -> "overload";
			case LAGGING, NORMAL -> "lag";
		};
	}

	private static String tasks(long count) {
		return count + ((count == 1) ? " task" : " tasks");
	}

	private static String seconds(Duration duration) {
		return String.format(java.util.Locale.ROOT, "%.1f s", duration.toMillis() / 1000.0);
	}

	private static String culpritLine(List<ThreadStack> held) {
		if (held.isEmpty()) {
			return "No virtual thread was seen holding a carrier (or the thread dump is unavailable).";
		}
		StringBuilder text = new StringBuilder("Culprit frames: ");
		boolean first = true;
		for (Map.Entry<String, Integer> culprit : ThreadStack.culprits(held).entrySet()) {
			text.append(first ? "" : ", ").append(culprit.getKey()).append(" (").append(culprit.getValue())
				.append(culprit.getValue() == 1 ? " thread)" : " threads)");
			first = false;
		}
		return text.toString();
	}

	static String evidence(List<ThreadStack> held) {
		if (held.isEmpty()) {
			return culpritLine(held);
		}
		StringBuilder text = new StringBuilder(culpritLine(held));
		text.append(". Virtual threads holding a carrier");
		if (held.size() >= HeldCarrierFinder.MAX_THREADS) {
			text.append(" (first ").append(HeldCarrierFinder.MAX_THREADS).append(")");
		}
		text.append(':');
		for (ThreadStack thread : held) {
			text.append(System.lineSeparator()).append("\"").append(thread.name()).append("\" #")
				.append(thread.tid()).append(" virtual");
			for (String frame : thread.frames()) {
				text.append(System.lineSeparator()).append("\tat ").append(frame);
			}
		}
		return text.toString();
	}

}
