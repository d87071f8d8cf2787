package io.github.vtstarter.autoconfigure.watchdog;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import io.github.vtstarter.watchdog.SchedulerWatchdog;
import io.github.vtstarter.watchdog.ThreadStack;

/**
 * What the {@code virtualThreads} health indicator says, independent of the Boot line's health API (it moved in
 * Boot 4): DOWN while the scheduler is starved, UP otherwise, with the evidence as details.
 * <p>
 * Overload is UP, with {@code state: OVERLOAD} in the details: it is a matter of capacity, which a restart does not
 * fix, so it must never take a liveness probe down (a restart of a loaded pod moves its load to the others). It
 * is not DOWN for readiness either: under a load spike every replica is overloaded at once, and all of them leaving
 * the load balancer is an outage. An application that wants to shed load can read the state from the endpoint
 * or the {@code jvm.threads.virtual.scheduling.episodes} meter.
 */
final class WatchdogHealth {

	private WatchdogHealth() {
	}

	static boolean up(SchedulerWatchdog watchdog) {
		return !watchdog.isStarved();
	}

	static Map<String, Object> details(SchedulerWatchdog watchdog) {
		Map<String, Object> details = new LinkedHashMap<>();
		details.put("state", watchdog.state().name());
		details.put("starved", watchdog.isStarved());
		if (watchdog.isStarved()) {
			details.put("since", String.valueOf(watchdog.starvedSince()));
			details.put("culprits", ThreadStack.culprits(watchdog.lastEvidence()));
		}
		details.put("starvationEpisodes", watchdog.starvationEpisodes());
		Duration last = watchdog.lastLag();
		if (last != null) {
			details.put("lastLagMs", millis(last));
		}
		details.put("carriers", watchdog.carriers().toString());
		return details;
	}

	static double millis(Duration duration) {
		return Math.round(duration.toNanos() / 1_000.0) / 1_000.0;
	}

}
