package io.github.vtstarter.pinning;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;
import jdk.jfr.RecordingState;
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

	// How long a start waits for the stream's recording to run. JFR's first start in a JVM takes some 0.3 s on an idle
	// machine and 2 s on 2 cores shared with 8 busy processes; a container throttled to a fraction of a CPU while its
	// application starts takes longer still. The monitor starts on a daemon thread of its own, so waiting costs the
	// application nothing, while giving up leaves it without pinning events for its whole life.
	static final Duration START_TIMEOUT = Duration.ofSeconds(60);

	private static final Pattern HIDDEN_CLASS_SUFFIX = Pattern.compile("\\+0x[0-9a-fA-F]+([./]\\d+)?");

	private RecordingStream stream;

	/** Why the stream was not started: the JVM had begun to shut down. */
	static final String SHUTTING_DOWN = "the JVM is shutting down";

	/** The name of the daemon thread that consumes the stream. */
	public static final String THREAD_NAME = "vt-starter-pinning-monitor";

	// Our own daemon thread that runs the stream, so that close() can wait for it to end.
	private volatile Thread consumer;

	@Override
	public synchronized void start(Duration threshold, PinningListener listener) {
		if (!FlightRecorder.isAvailable()) {
			throw new IllegalStateException("the JVM runs without Flight Recorder (a minimal VM, or started "
					+ "with -XX:-FlightRecorder)");
		}
		// The stream registers its recording when it is created: take the list before.
		Set<Long> before = recordingIds();
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
			startOnDaemonThread(recordingStream, before);
		}
		catch (RuntimeException ex) {
			recordingStream.close();
			throw ex;
		}
		this.stream = recordingStream;
	}

	/**
	 * Runs the stream on a daemon thread of our own. {@code startAsync()} would start a non-daemon consumer
	 * thread, which keeps the JVM alive after {@code main} returns (with {@code spring.main.keep-alive=false},
	 * say). {@code start()} blocks, so it runs on our thread, and this method waits until the stream's recording
	 * runs: an event committed after {@link #start} returns is then never missed.
	 */
	private void startOnDaemonThread(RecordingStream recordingStream, Set<Long> before) {
		// As late as can be: a start that JVM shutdown overtakes would never return (see JvmShutdown).
		if (JvmShutdown.inProgress()) {
			throw new IllegalStateException(SHUTTING_DOWN);
		}
		Thread consumer = new Thread(recordingStream::start, THREAD_NAME);
		consumer.setDaemon(true);
		consumer.start();
		this.consumer = consumer;
		long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
		while (!hasNewRunningRecording(before)) {
			if (!consumer.isAlive()) {
				throw new IllegalStateException("the JFR stream stopped as it started");
			}
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException(
						"the JFR stream did not start within " + START_TIMEOUT.toSeconds() + " s");
			}
			try {
				Thread.sleep(1);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException("interrupted while starting the JFR stream", ex);
			}
		}
	}

	private static Set<Long> recordingIds() {
		Set<Long> ids = new HashSet<>();
		for (Recording recording : FlightRecorder.getFlightRecorder().getRecordings()) {
			ids.add(recording.getId());
		}
		return ids;
	}

	private static boolean hasNewRunningRecording(Set<Long> before) {
		for (Recording recording : FlightRecorder.getFlightRecorder().getRecordings()) {
			if (!before.contains(recording.getId()) && recording.getState() == RecordingState.RUNNING) {
				return true;
			}
		}
		return false;
	}

	/**
	 * A {@code jdk.VirtualThreadPinned} event as a {@link PinnedEvent}, with readable frames.
	 * @param event the recorded event
	 * @return the pinned event
	 */
	public static PinnedEvent toPinnedEvent(RecordedEvent event) {
		RecordedStackTrace stackTrace = event.getStackTrace();
		List<String> frames = new ArrayList<>();
		boolean truncated = false;
		if (stackTrace != null) {
			for (RecordedFrame frame : stackTrace.getFrames()) {
				frames.add(describe(frame));
			}
			truncated = stackTrace.isTruncated();
		}
		return new PinnedEvent(event.getStartTime(), event.getDuration(), threadName(event), frames, truncated,
				pinnedReason(event));
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


	/**
	 * Why the JVM pinned the thread, as JDK 24+ reports it: a thread that waits for another thread's class
	 * initializer shows only its caller's frame, and this says so.
	 * @param event a {@code jdk.VirtualThreadPinned} event
	 * @return its {@code pinnedReason}, or {@code null} before JDK 24
	 */
	public static String pinnedReason(RecordedEvent event) {
		return event.hasField("pinnedReason") ? event.getString("pinnedReason") : null;
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
