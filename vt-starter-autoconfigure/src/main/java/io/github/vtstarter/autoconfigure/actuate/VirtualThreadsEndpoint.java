package io.github.vtstarter.autoconfigure.actuate;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.github.vtstarter.autoconfigure.BootVersion;
import io.github.vtstarter.autoconfigure.DegradedFeatures;
import io.github.vtstarter.autoconfigure.VirtualThreadsSwitch;
import io.github.vtstarter.autoconfigure.doctor.DependencyDoctorReport;
import io.github.vtstarter.autoconfigure.messaging.ListenerThreadChoices;
import io.github.vtstarter.autoconfigure.pinning.PinningProperties;
import io.github.vtstarter.autoconfigure.watchdog.WatchdogProperties;
import io.github.vtstarter.doctor.Advice;
import io.github.vtstarter.dump.VirtualThreadDump;
import io.github.vtstarter.pinning.PinnedEvent;
import io.github.vtstarter.pinning.PinningMonitor;
import io.github.vtstarter.pinning.PinningSite;
import io.github.vtstarter.pinning.PinningStatistics;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import io.github.vtstarter.threads.VirtualThreadStats;
import io.github.vtstarter.threads.VirtualThreads;
import io.github.vtstarter.watchdog.CarrierSnapshot;
import io.github.vtstarter.watchdog.EpisodeSummary;
import io.github.vtstarter.watchdog.SchedulerInfo;
import io.github.vtstarter.watchdog.SchedulerWatchdog;
import io.github.vtstarter.watchdog.ThreadStack;

import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.core.env.Environment;

/**
 * {@code /actuator/virtualthreads}: whether and how virtual threads run, how many each executor has started and
 * runs now, the carrier scheduler, what the pinning monitor has seen, and which of the starter's features are
 * off because something failed unexpectedly ({@code degraded}, see {@link DegradedFeatures}). {@code /pinned} lists the recent
 * pinned events, {@code /dump} returns a thread dump that includes virtual threads.
 * <p>
 * Stacks and the dump show the application's internals (class and method names, what every thread is
 * doing): like Boot's {@code threaddump}, the endpoint is not exposed over HTTP unless the application asks
 * for it ({@code management.endpoints.web.exposure.include}).
 */
@Endpoint(id = "virtualthreads")
public class VirtualThreadsEndpoint {

	/** The sub-path with the recent pinned events. */
	public static final String PINNED = "pinned";

	/** The sub-path with the thread dump. */
	public static final String DUMP = "dump";

	private final VirtualThreadRegistry registry;

	private final PinningMonitor monitor;

	private final PinningProperties pinningProperties;

	private final Environment environment;

	private final SchedulerWatchdog watchdog;

	private DependencyDoctorReport advice;

	private DumpProperties dumpProperties = new DumpProperties();

	/**
	 * Creates the endpoint.
	 * @param registry the starter's executors, {@code null} when virtual threads are off
	 * @param monitor the pinning monitor, {@code null} when there is none
	 * @param pinningProperties the monitor's settings
	 * @param environment the environment, to explain a missing monitor
	 */
	public VirtualThreadsEndpoint(VirtualThreadRegistry registry, PinningMonitor monitor,
			PinningProperties pinningProperties, Environment environment) {
		this(registry, monitor, pinningProperties, environment, null);
	}

	/**
	 * Creates the endpoint.
	 * @param registry the starter's executors, {@code null} when virtual threads are off
	 * @param monitor the pinning monitor, {@code null} when there is none
	 * @param pinningProperties the monitor's settings
	 * @param environment the environment, to explain a missing monitor
	 * @param watchdog the scheduler watchdog, {@code null} when there is none
	 */
	public VirtualThreadsEndpoint(VirtualThreadRegistry registry, PinningMonitor monitor,
			PinningProperties pinningProperties, Environment environment, SchedulerWatchdog watchdog) {
		this.watchdog = watchdog;
		this.registry = registry;
		this.monitor = monitor;
		this.pinningProperties = pinningProperties;
		this.environment = environment;
	}

	@ReadOperation
	public Map<String, Object> virtualThreads() {
		Map<String, Object> body = new LinkedHashMap<>();
		String mode = mode();
		body.put("enabled", mode.equals("backport") || mode.equals("boot-native"));
		body.put("mode", mode);
		body.put("javaVersion", Runtime.version().toString());
		body.put("springBootVersion", SpringBootVersion.getVersion());
		body.put("executors", executors());
		body.put("listeners", ListenerThreadChoices.all());
		body.put("scheduler", scheduler());
		body.put("starvation", starvation());
		body.put("pinning", pinning());
		body.put("advice", advice());
		body.put("degraded", DegradedFeatures.all());
		return body;
	}

	/**
	 * {@code pinned}: the recent pinned events, oldest first; {@code dump}: a thread dump with virtual threads.
	 * @param detail {@code pinned} or {@code dump}
	 * @return the detail, or {@code null} (404) for another name
	 */
	@ReadOperation
	public Object detail(@Selector String detail) {
		if (PINNED.equals(detail)) {
			return pinned();
		}
		if (DUMP.equals(detail)) {
			return dump();
		}
		return null;
	}

	/**
	 * The recent pinned events.
	 * @return the events and the monitor's state
	 */
	public Map<String, Object> pinned() {
		Map<String, Object> body = new LinkedHashMap<>();
		if (this.monitor == null) {
			body.put("available", false);
			body.put("reason", missingMonitorReason());
			body.put("events", List.of());
			return body;
		}
		PinningStatistics statistics = this.monitor.getStatistics();
		body.put("available", this.monitor.isAvailable());
		if (!this.monitor.isAvailable()) {
			body.put("reason", this.monitor.getUnavailableReason());
		}
		body.put("thresholdMs", millis(this.monitor.getThreshold()));
		body.put("ringSize", statistics.getRingSize());
		body.put("total", statistics.getTotal());
		List<Map<String, Object>> events = new ArrayList<>();
		for (PinnedEvent event : statistics.recent()) {
			Map<String, Object> item = new LinkedHashMap<>();
			item.put("time", event.startTime().toString());
			item.put("durationMs", millis(event.duration()));
			item.put("thread", event.threadName());
			item.put("location", event.location());
			item.put("frames", event.frames());
			events.add(item);
		}
		body.put("events", events);
		return body;
	}

	/**
	 * A thread dump that includes virtual threads.
	 * @return the JDK's JSON dump as a map, or an explanation when this JVM cannot make one
	 */
	public Map<String, Object> dump() {
		if (!VirtualThreadDump.isSupported()) {
			Map<String, Object> body = new LinkedHashMap<>();
			body.put("available", false);
			body.put("reason", "a thread dump with virtual threads needs Java 21 or later; this is Java "
					+ Runtime.version().feature());
			return body;
		}
		String json;
		try {
			json = VirtualThreadDump.json(this.dumpProperties.getMaxSize().toBytes());
		}
		catch (VirtualThreadDump.DumpTooLargeException ex) {
			Map<String, Object> body = new LinkedHashMap<>();
			body.put("available", false);
			body.put("reason", "the thread dump is " + ex.getSize() + " bytes, above " + DumpProperties.PREFIX
					+ ".max-size (" + this.dumpProperties.getMaxSize().toBytes() + " bytes); take it with: jcmd "
					+ ProcessHandle.current().pid() + " Thread.dump_to_file -format=json <file>");
			return body;
		}
		Map<String, Object> dump = VirtualThreadDump.parse(json);
		VirtualThreadDump.limitThreads(dump, this.dumpProperties.getMaxThreads(),
				DumpProperties.PREFIX + ".max-threads");
		return dump;
	}

	/**
	 * Sets the dump's limits.
	 * @param dumpProperties the limits
	 */
	public void setDumpProperties(DumpProperties dumpProperties) {
		this.dumpProperties = dumpProperties;
	}

	private String mode() {
		if (!VirtualThreads.isSupported()) {
			return "unsupported-jvm";
		}
		if (!VirtualThreadsSwitch.isEnabled(this.environment)) {
			return "disabled";
		}
		return BootVersion.current().hasNativeVirtualThreads() ? "boot-native" : "backport";
	}

	private Map<String, Object> executors() {
		Map<String, Object> executors = new TreeMap<>();
		if (this.registry != null) {
			for (VirtualThreadStats stats : this.registry.all()) {
				Map<String, Object> item = new LinkedHashMap<>();
				item.put("waiting", stats.getWaiting());
				item.put("live", stats.getLive());
				item.put("peak", stats.getPeak());
				item.put("started", stats.getStarted());
				item.put("completed", stats.getCompleted());
				item.put("failed", stats.getFailed());
				if (stats.getConcurrencyLimit() > 0) {
					item.put("concurrencyLimit", stats.getConcurrencyLimit());
				}
				executors.put(stats.getName(), item);
			}
		}
		return executors;
	}

	private Map<String, Object> scheduler() {
		if (!VirtualThreads.isSupported()) {
			return Map.of();
		}
		Map<String, Object> scheduler = new LinkedHashMap<>(SchedulerInfo.describe());
		if (this.watchdog == null) {
			scheduler.put("watchdog", "off (" + WatchdogProperties.PREFIX + ".enabled=false, virtual threads off, "
					+ "or no SchedulerWatchdog bean)");
			return scheduler;
		}
		CarrierSnapshot carriers = this.watchdog.carriers();
		Map<String, Object> pool = new LinkedHashMap<>();
		if (carriers.known()) {
			pool.put("size", carriers.size());
			pool.put("parallelism", carriers.parallelism());
			pool.put("highWater", carriers.highWater());
			pool.put("active", carriers.active());
			pool.put("queued", carriers.queued());
			pool.put("compensating", carriers.compensating());
			if (carriers.cpuPercent() >= 0) {
				pool.put("cpuPercent", carriers.cpuPercent());
			}
		}
		else {
			pool.put("known", false);
		}
		scheduler.put("state", this.watchdog.state().name());
		scheduler.put("carriers", pool);
		Map<String, Object> lag = new LinkedHashMap<>();
		Duration last = this.watchdog.lastLag();
		Duration max = this.watchdog.maxLag();
		lag.put("lastMs", (last != null) ? millis(last) : null);
		lag.put("maxMs", (max != null) ? millis(max) : null);
		lag.put("windowSeconds", this.watchdog.window().toSeconds());
		lag.put("probeIntervalMs", this.watchdog.getInterval().toMillis());
		lag.put("probes", this.watchdog.probesRun());
		lag.put("thresholdMs", this.watchdog.getLagThreshold().toMillis());
		scheduler.put("lag", lag);
		scheduler.put("episodes", episodes());
		return scheduler;
	}

	// Lag episodes: how many of each kind, the one open now and the last one that ended.
	private Map<String, Object> episodes() {
		Map<String, Object> episodes = new LinkedHashMap<>();
		episodes.put("overload", this.watchdog.overloadEpisodes());
		episodes.put("stall", this.watchdog.stallEpisodes());
		episodes.put("starvation", this.watchdog.starvationEpisodes());
		episodes.put("quietPeriodMs", this.watchdog.getQuietPeriod().toMillis());
		EpisodeSummary current = this.watchdog.currentEpisode();
		Instant since = this.watchdog.currentEpisodeSince();
		Map<String, Object> open = (current != null) ? episode(current) : null;
		if (open != null && since != null) {
			open.put("since", since.toString());
		}
		episodes.put("current", open);
		EpisodeSummary last = this.watchdog.lastEpisode();
		episodes.put("last", (last != null) ? episode(last) : null);
		return episodes;
	}

	private static Map<String, Object> episode(EpisodeSummary summary) {
		Map<String, Object> episode = new LinkedHashMap<>();
		episode.put("worst", summary.worst().name());
		episode.put("durationMs", summary.duration().toMillis());
		episode.put("maxLagMs", millis(summary.maxLag()));
		episode.put("completedTasks", summary.completedTasks());
		return episode;
	}

	/**
	 * Sets the dependency doctor whose findings show under {@code advice}.
	 * @param advice the doctor's findings, {@code null} when it is off
	 */
	public void setDependencyAdvice(DependencyDoctorReport advice) {
		this.advice = advice;
	}

	private List<Map<String, Object>> advice() {
		List<Map<String, Object>> items = new ArrayList<>();
		if (this.advice == null) {
			return items;
		}
		for (Advice finding : this.advice.getFindings()) {
			Map<String, Object> item = new LinkedHashMap<>();
			item.put("library", finding.library());
			item.put("artifact", finding.artifact());
			item.put("version", finding.version());
			item.put("jar", finding.jar());
			item.put("java", finding.java());
			item.put("moveTo", finding.fixedIn());
			item.put("howToMoveOn", finding.howToMoveOn());
			item.put("problem", finding.problem());
			item.put("source", finding.source());
			item.put("inUse", finding.inUse());
			item.put("notInUse", finding.notInUse());
			items.add(item);
		}
		return items;
	}

	private Map<String, Object> starvation() {
		Map<String, Object> starvation = new LinkedHashMap<>();
		if (this.watchdog == null) {
			starvation.put("available", false);
			return starvation;
		}
		starvation.put("detected", this.watchdog.isStarved());
		Instant since = this.watchdog.starvedSince();
		starvation.put("since", (since != null) ? since.toString() : null);
		starvation.put("episodes", this.watchdog.starvationEpisodes());
		Instant last = this.watchdog.lastStarvation();
		starvation.put("lastEpisode", (last != null) ? last.toString() : null);
		starvation.put("thresholdMs", this.watchdog.getStarvationThreshold().toMillis());
		List<Map<String, Object>> held = new ArrayList<>();
		for (ThreadStack thread : this.watchdog.lastEvidence()) {
			Map<String, Object> item = new LinkedHashMap<>();
			item.put("thread", thread.name());
			item.put("culprit", thread.culpritFrame());
			item.put("frames", thread.frames());
			held.add(item);
		}
		// The virtual threads that held the carriers at the last stall, starvation or carrier growth.
		starvation.put("lastEvidence", held);
		return starvation;
	}

	private Map<String, Object> pinning() {
		Map<String, Object> pinning = new LinkedHashMap<>();
		if (this.monitor == null) {
			pinning.put("available", false);
			pinning.put("reason", missingMonitorReason());
			return pinning;
		}
		PinningStatistics statistics = this.monitor.getStatistics();
		pinning.put("available", this.monitor.isAvailable());
		if (!this.monitor.isAvailable()) {
			pinning.put("reason", this.monitor.getUnavailableReason());
		}
		pinning.put("thresholdMs", millis(this.monitor.getThreshold()));
		pinning.put("total", statistics.getTotal());
		pinning.put("submitFailed", statistics.getSubmitFailed());
		pinning.put("distinctSites", statistics.getSiteCount());
		if (statistics.getUntrackedSiteEvents() > 0) {
			pinning.put("eventsFromUntrackedSites", statistics.getUntrackedSiteEvents());
		}
		List<Map<String, Object>> sites = new ArrayList<>();
		for (PinningSite site : statistics.worstSites(Math.max(this.pinningProperties.getSitesShown(), 0))) {
			Map<String, Object> item = new LinkedHashMap<>();
			item.put("location", site.location());
			item.put("count", site.count());
			item.put("totalMs", millis(site.total()));
			item.put("maxMs", millis(site.max()));
			item.put("firstSeen", site.firstSeen().toString());
			item.put("lastSeen", site.lastSeen().toString());
			item.put("frames", site.frames());
			sites.add(item);
		}
		pinning.put("sites", sites);
		return pinning;
	}

	private String missingMonitorReason() {
		if (!VirtualThreads.isSupported()) {
			return VirtualThreads.unsupportedMessage();
		}
		if (!VirtualThreadsSwitch.isEnabled(this.environment)) {
			return "virtual threads are off (" + VirtualThreadsSwitch.PROPERTY + "=false)";
		}
		if (!this.pinningProperties.isEnabled()) {
			return "pinning detection is off (" + PinningProperties.PREFIX + ".enabled=false)";
		}
		return "no PinningMonitor bean";
	}

	private static double millis(Duration duration) {
		return Math.round(duration.toNanos() / 1_000.0) / 1_000.0;
	}

}
