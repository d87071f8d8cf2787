package io.github.vtstarter.autoconfigure.watchdog;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import io.github.vtstarter.watchdog.SchedulerWatchdog;

/**
 * What the {@code virtualThreads} health indicator says, independent of the Boot line's health API (it moved in
 * Boot 4): DOWN while the scheduler is starved, UP otherwise, with the evidence as details.
 */
final class WatchdogHealth {

	private WatchdogHealth() {
	}

	static boolean up(SchedulerWatchdog watchdog) {
		return !watchdog.isStarved();
	}

	static Map<String, Object> details(SchedulerWatchdog watchdog) {
		Map<String, Object> details = new LinkedHashMap<>();
		details.put("starved", watchdog.isStarved());
		if (watchdog.isStarved()) {
			details.put("since", String.valueOf(watchdog.starvedSince()));
			details.put("culprits", WatchdogLogger.culprits(watchdog.lastEvidence()));
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
