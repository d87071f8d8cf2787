package io.github.vtstarter.test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;

/**
 * One {@code jdk.VirtualThreadPinned} event as a test failure shows it: how long, on which thread, where.
 * <p>
 * The runtime's pinning monitor (in {@code vt-starter-autoconfigure}) reads the same event into its own type. This
 * artifact keeps a copy of the few lines that describe a frame rather than depend on that jar: on the test class
 * path it would auto-configure the application under test, and {@code vt-starter-test} must change nothing.
 *
 * @param startTime when the thread started to block
 * @param duration how long the carrier was held
 * @param threadName the virtual thread's name (often empty: virtual threads are unnamed by default)
 * @param frames the stack, innermost frame first, as {@code class.method(line N)}
 * @param truncated whether JFR cut the stack at its depth limit
 */
record RecordedPin(Instant startTime, Duration duration, String threadName, List<String> frames, boolean truncated) {

	private static final Pattern HIDDEN_CLASS_SUFFIX = Pattern.compile("\\+0x[0-9a-fA-F]+([./]\\d+)?");

	private static final List<String> JDK_PACKAGES = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.");

	RecordedPin {
		frames = List.copyOf(frames);
	}

	static RecordedPin of(RecordedEvent event) {
		RecordedStackTrace stackTrace = event.getStackTrace();
		List<String> frames = new ArrayList<>();
		boolean truncated = false;
		if (stackTrace != null) {
			for (RecordedFrame frame : stackTrace.getFrames()) {
				frames.add(describe(frame));
			}
			truncated = stackTrace.isTruncated();
		}
		RecordedThread thread = event.getThread();
		String threadName = (thread != null && thread.getJavaName() != null) ? thread.getJavaName() : "";
		return new RecordedPin(event.getStartTime(), event.getDuration(), threadName, frames, truncated);
	}

	/**
	 * The innermost frame outside the JDK: where to look first.
	 * @return the frame, the innermost one when the whole stack is the JDK's, or {@code "(no stack)"}
	 */
	String location() {
		for (String frame : this.frames) {
			if (JDK_PACKAGES.stream().noneMatch(frame::startsWith)) {
				return frame;
			}
		}
		return this.frames.isEmpty() ? "(no stack)" : this.frames.get(0);
	}

	private static String describe(RecordedFrame frame) {
		RecordedMethod method = frame.getMethod();
		String name = (method != null) ? typeName(method) + "." + method.getName() : "(unknown)";
		if (!frame.isJavaFrame()) {
			return name + "(native)";
		}
		int line = frame.getLineNumber();
		return (line >= 0) ? name + "(line " + line + ")" : name;
	}

	// Hidden classes (lambdas) carry an address that differs between runs of the same code path.
	private static String typeName(RecordedMethod method) {
		String name = method.getType().getName();
		return method.isHidden() ? HIDDEN_CLASS_SUFFIX.matcher(name).replaceAll("") : name;
	}

}
