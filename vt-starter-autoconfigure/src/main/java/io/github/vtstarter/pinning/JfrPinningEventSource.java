package io.github.vtstarter.pinning;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import jdk.jfr.FlightRecorder;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingStream;

/**
 * Pinned and submit-failed events from an in-process JFR {@link RecordingStream}. The only class that touches
 * {@code jdk.jfr}: on a runtime without that module, loading it fails and the monitor reports why.
 * <p>
 * The stream enables just two events: {@code jdk.VirtualThreadPinned} (with the threshold and stack traces)
 * and {@code jdk.VirtualThreadSubmitFailed}. {@code jdk.VirtualThreadStart}/{@code End} stay off: they fire
 * for every virtual thread and would cost far more than they tell.
 */
public final class JfrPinningEventSource implements PinningEventSource {

	/** The JDK's event for a virtual thread that blocked while pinned. */
	public static final String PINNED_EVENT = "jdk.VirtualThreadPinned";

	/** The JDK's event for a virtual thread that could not be started or continued. */
	public static final String SUBMIT_FAILED_EVENT = "jdk.VirtualThreadSubmitFailed";

	// Chunks a consumer has read are of no further use; keep the disk repository small.
	private static final Duration MAX_AGE = Duration.ofSeconds(30);

	private static final Pattern HIDDEN_CLASS_SUFFIX = Pattern.compile("\\+0x[0-9a-fA-F]+([./]\\d+)?");

	private RecordingStream stream;

	// The stream's own thread, so that close() can wait for it to end: awaitTermination() returns a moment
	// before the thread does, and the thread is not a daemon.
	private volatile Thread consumer;

	@Override
	public synchronized void start(Duration threshold, PinningListener listener) {
		if (!FlightRecorder.isAvailable()) {
			throw new IllegalStateException("the JVM runs without Flight Recorder (a minimal VM, or started "
					+ "with -XX:-FlightRecorder)");
		}
		RecordingStream recordingStream = new RecordingStream();
		try {
			recordingStream.enable(PINNED_EVENT).withThreshold(threshold).withStackTrace();
			recordingStream.enable(SUBMIT_FAILED_EVENT).withStackTrace();
			recordingStream.setMaxAge(MAX_AGE);
			recordingStream.setReuse(true);
			recordingStream.setOrdered(false);
			recordingStream.onEvent(PINNED_EVENT, (event) -> listener.pinned(toPinnedEvent(event), false));
			recordingStream.onEvent(SUBMIT_FAILED_EVENT,
					(event) -> listener.submitFailed(threadName(event), stringField(event, "exceptionMessage")));
			recordingStream.onFlush(this::rememberConsumer);
			Set<Thread> before = streamThreads();
			recordingStream.startAsync();
			// startAsync() has started the thread but offers no handle on it: find the new one by its JDK name.
			Set<Thread> started = streamThreads();
			started.removeAll(before);
			if (started.size() == 1) {
				this.consumer = started.iterator().next();
			}
		}
		catch (RuntimeException ex) {
			recordingStream.close();
			throw ex;
		}
		this.stream = recordingStream;
	}

	private static Set<Thread> streamThreads() {
		Set<Thread> threads = new HashSet<>();
		for (Thread thread : Thread.getAllStackTraces().keySet()) {
			if (thread.getName().startsWith("JFR Event Stream")) {
				threads.add(thread);
			}
		}
		return threads;
	}

	private void rememberConsumer() {
		if (this.consumer == null) {
			this.consumer = Thread.currentThread();
		}
	}

	static PinnedEvent toPinnedEvent(RecordedEvent event) {
		RecordedStackTrace stackTrace = event.getStackTrace();
		List<String> frames = new ArrayList<>();
		boolean truncated = false;
		if (stackTrace != null) {
			for (RecordedFrame frame : stackTrace.getFrames()) {
				frames.add(describe(frame));
			}
			truncated = stackTrace.isTruncated();
		}
		return new PinnedEvent(event.getStartTime(), event.getDuration(), threadName(event), frames, truncated);
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

	private static String typeName(RecordedMethod method) {
		String name = method.getType().getName();
		// Hidden classes (lambdas, LambdaForms) carry an address and a number that differ between JVMs and may
		// differ between two runs of the same code path: without them, one path stays one site.
		return method.isHidden() ? HIDDEN_CLASS_SUFFIX.matcher(name).replaceAll("") : name;
	}

	private static String threadName(RecordedEvent event) {
		RecordedThread thread = event.getThread();
		if (thread == null || thread.getJavaName() == null) {
			return "";
		}
		return thread.getJavaName();
	}

	private static String stringField(RecordedEvent event, String field) {
		return event.hasField(field) ? event.getString(field) : null;
	}

	@Override
	public synchronized void close() {
		RecordingStream recordingStream = this.stream;
		this.stream = null;
		if (recordingStream == null) {
			return;
		}
		recordingStream.close();
		try {
			// close() only asks the consumer thread to stop; wait so that no thread outlives the monitor.
			recordingStream.awaitTermination(Duration.ofSeconds(5));
			Thread thread = this.consumer;
			this.consumer = null;
			if (thread != null && thread != Thread.currentThread()) {
				thread.join(5000);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
