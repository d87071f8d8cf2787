package io.github.vtstarter.autoconfigure.watchdog;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.vtstarter.watchdog.CarrierSnapshot;
import io.github.vtstarter.watchdog.HeldCarrierFinder;
import io.github.vtstarter.watchdog.WatchdogListener;
import io.github.vtstarter.watchdog.ThreadStack;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Logs the watchdog's episodes: a WARN per lag episode and per carrier-growth episode, an ERROR when the
 * scheduler starves, an INFO when it recovers. Each names the culprit frames (the first application frame of
 * every virtual thread holding a carrier, most frequent first) and then the stacks.
 */
class WatchdogLogger implements WatchdogListener {

	private static final Log logger = LogFactory.getLog(WatchdogLogger.class);

	@Override
	public void lagging(Duration waited, CarrierSnapshot carriers, List<ThreadStack> held) {
		logger.warn("vt-starter: virtual threads wait " + waited.toMillis()
				+ " ms for a carrier (a probe of the scheduler has not run yet); " + carriers + ". "
				+ evidence(held));
	}

	@Override
	public void starved(Instant since, CarrierSnapshot carriers, List<ThreadStack> held) {
		logger.error("vt-starter: the virtual-thread scheduler has made no progress since " + since
				+ ": starvation. No virtual thread can run (requests on virtual threads hang) until a carrier is "
				+ "freed; health 'virtualThreads' is DOWN. " + carriers + ". " + evidence(held));
	}

	@Override
	public void recovered(Duration lasted) {
		logger.info("vt-starter: the virtual-thread scheduler runs again after " + lasted.toMillis()
				+ " ms of starvation; health 'virtualThreads' is UP");
	}

	@Override
	public void carriersGrew(CarrierSnapshot carriers, List<ThreadStack> held) {
		logger.warn("vt-starter: the carrier pool grew beyond its parallelism: " + carriers
				+ ". The JDK adds carriers when virtual threads block theirs in Object.wait() or file I/O "
				+ "(JDK 21-23); each is a platform thread, up to jdk.virtualThreadScheduler.maxPoolSize. "
				+ evidence(held));
	}

	static String evidence(List<ThreadStack> held) {
		if (held.isEmpty()) {
			return "No virtual thread was seen holding a carrier (or the thread dump is unavailable).";
		}
		StringBuilder text = new StringBuilder();
		text.append("Culprit frames: ");
		boolean first = true;
		for (Map.Entry<String, Integer> culprit : culprits(held).entrySet()) {
			text.append(first ? "" : ", ").append(culprit.getKey()).append(" (").append(culprit.getValue())
				.append(culprit.getValue() == 1 ? " thread)" : " threads)");
			first = false;
		}
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

	/** The culprit frames, most frequent first. */
	static Map<String, Integer> culprits(List<ThreadStack> held) {
		Map<String, Integer> counts = new LinkedHashMap<>();
		for (ThreadStack thread : held) {
			counts.merge(thread.culpritFrame(), 1, Integer::sum);
		}
		Map<String, Integer> sorted = new LinkedHashMap<>();
		counts.entrySet()
			.stream()
			.sorted((a, b) -> b.getValue() - a.getValue())
			.forEach((entry) -> sorted.put(entry.getKey(), entry.getValue()));
		return sorted;
	}

}
