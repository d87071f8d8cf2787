package io.github.vtstarter.watchdog;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One thread of the evidence logged when the scheduler lags, starves or grows: its name, id, and stack, top
 * first, as the JDK's thread dump writes frames ({@code java.base/java.lang.Object.wait0(Native Method)}).
 * @param name the thread's name
 * @param tid the thread's id
 * @param frames its stack, top first
 */
public record ThreadStack(String name, String tid, List<String> frames) {

	/**
	 * The first frame of application (or library) code: the first one outside the JDK, which is where a
	 * culprit is fixed.
	 * @return that frame, or the top frame when every frame is the JDK's, or {@code "(no stack)"}
	 */
	public String culpritFrame() {
		for (String frame : this.frames) {
			if (!frame.startsWith("java.base/") && !frame.startsWith("java.base\\/")) {
				return frame;
			}
		}
		return this.frames.isEmpty() ? "(no stack)" : this.frames.get(0);
	}

	/**
	 * The culprit frames of several threads, most frequent first.
	 * @param threads the threads
	 * @return each culprit frame with how many threads it holds
	 */
	public static Map<String, Integer> culprits(List<ThreadStack> threads) {
		Map<String, Integer> counts = new LinkedHashMap<>();
		for (ThreadStack thread : threads) {
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
