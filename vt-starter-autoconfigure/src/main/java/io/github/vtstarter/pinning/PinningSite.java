package io.github.vtstarter.pinning;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * What one code path has cost so far: every pinned event with the same stack counts here. Immutable snapshot.
 *
 * @param frames the stack shared by the events, innermost frame first
 * @param count how many events
 * @param total their summed duration
 * @param max the longest one
 * @param firstSeen when the first one started
 * @param lastSeen when the latest one started
 */
public record PinningSite(List<String> frames, long count, Duration total, Duration max, Instant firstSeen,
		Instant lastSeen) {

	private static final List<String> JDK_PACKAGES = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.");

	public PinningSite {
		frames = List.copyOf(frames);
	}

	/**
	 * The innermost frame outside the JDK: where to look first.
	 * @return the frame, or {@code "(no stack)"}
	 */
	public String location() {
		return location(this.frames);
	}

	static String location(List<String> frames) {
		if (frames.isEmpty()) {
			return "(no stack)";
		}
		for (String frame : frames) {
			if (JDK_PACKAGES.stream().noneMatch(frame::startsWith)) {
				return frame;
			}
		}
		return frames.get(0);
	}

}
