package io.github.vtstarter.pinning;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * One time a virtual thread blocked while pinned to its carrier, as JFR reported it
 * ({@code jdk.VirtualThreadPinned}).
 *
 * @param startTime when the thread started to block
 * @param duration how long the carrier was held
 * @param threadName the virtual thread's name (often empty: virtual threads are unnamed by default)
 * @param frames the stack, innermost frame first, as {@code class.method(line N)}
 * @param truncated whether JFR cut the stack at its depth limit
 * @param reason why the JVM pinned the thread, as JDK 24+ reports it ({@code pinnedReason}: "Waited for
 * initialization of X by another thread"); {@code null} before JDK 24
 */
public record PinnedEvent(Instant startTime, Duration duration, String threadName, List<String> frames,
		boolean truncated, String reason) {

	public PinnedEvent {
		frames = List.copyOf(frames);
	}

	public PinnedEvent(Instant startTime, Duration duration, String threadName, List<String> frames,
			boolean truncated) {
		this(startTime, duration, threadName, frames, truncated, null);
	}

	/**
	 * Whether the JVM says the thread waited for a class's initializer (JDK 24+): its own wait for another thread's
	 * ("Waited for initialization of X by another thread"), or one running on its stack ("VM call to X.{@code <clinit>}
	 * on stack"). Such a pin is class loading, once per class, and its stack shows only the frame that uses the class.
	 * @param reason JFR's {@code pinnedReason}, or {@code null} (before JDK 24)
	 * @return whether it names a class initialization
	 */
	public static boolean isClassInitialization(String reason) {
		return reason != null && (reason.contains("initialization of") || reason.contains(".<clinit>"));
	}

	/**
	 * The frame that most likely caused the pinning: the innermost one outside the JDK. When the whole stack is
	 * JDK code, the innermost frame.
	 * @return the frame, or {@code "(no stack)"}
	 */
	public String location() {
		return PinningSite.location(this.frames);
	}

}
