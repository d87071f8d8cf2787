package io.github.vtstarter.watchdog;

import java.util.List;

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

}
