package io.github.vtstarter.test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingStream;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The one JFR recording stream of the JVM that all {@link ShouldNotPin} and {@link ShouldPin}
 * tests share, kept in JUnit's root store and closed with it. It records every
 * {@code jdk.VirtualThreadPinned} event (threshold 0, with stack) and the test boundary markers.
 * <p>
 * A stream delivers what the JVM flushed, about once a second; waiting for that after every test
 * would cost a second per test. So after committing a test's end marker the recorder nudges the
 * JVM: starting and stopping an empty recording rotates the recording's chunk, which the stream
 * then reads at once. Once the end marker has come out of the stream, every event committed
 * before it has too.
 */
final class PinningRecorder implements ExtensionContext.Store.CloseableResource, AutoCloseable {

	static final String PINNED_EVENT = "jdk.VirtualThreadPinned";

	private static final String BOUNDARY_EVENT = "io.github.vtstarter.test.TestBoundary";

	private static final Duration DELIVERY_TIMEOUT = Duration.ofSeconds(30);

	// Without bound a long suite would keep every pinning event; old ones belong to finished tests.
	private static final int MAX_KEPT_EVENTS = 10_000;

	// Long enough for the stream to read a rotated chunk, short enough not to make a test wait.
	private static final long NUDGE_EVERY_MILLIS = Long.getLong("vtstarter.should-not-pin.nudge-millis", 10);

	private static final AtomicLong MARKERS = new AtomicLong();

	private final RecordingStream stream;

	private final Thread consumer;

	private final ConcurrentLinkedDeque<Pin> pins = new ConcurrentLinkedDeque<>();

	private final Map<String, CompletableFuture<Instant>> markers = new ConcurrentHashMap<>();

	private volatile boolean closed;

	private PinningRecorder() {
		this.stream = new RecordingStream();
		this.stream.enable(PINNED_EVENT).withThreshold(Duration.ZERO).withStackTrace();
		this.stream.enable(TestBoundaryEvent.class);
		this.stream.setReuse(false);
		this.stream.setMaxAge(Duration.ofSeconds(30));
		this.stream.onEvent(PINNED_EVENT, this::pinned);
		this.stream.onEvent(BOUNDARY_EVENT, (event) -> marker(event.getString("marker")).complete(event.getStartTime()));
		// A daemon thread of our own: startAsync()'s consumer thread would keep the JVM alive.
		this.consumer = new Thread(this.stream::start, "vt-starter-should-not-pin");
		this.consumer.setDaemon(true);
		this.consumer.start();
	}

	/**
	 * Starts the shared stream and waits until it delivers events.
	 * @return the recorder
	 * @throws IllegalStateException when Flight Recorder is not available
	 */
	static PinningRecorder start() {
		if (!FlightRecorder.isAvailable()) {
			throw new IllegalStateException("@ShouldNotPin/@ShouldPin need Java Flight Recorder, and this JVM runs "
					+ "without it (a minimal VM, or -XX:-FlightRecorder)");
		}
		PinningRecorder recorder = new PinningRecorder();
		try {
			recorder.awaitStreaming();
		}
		catch (RuntimeException ex) {
			recorder.close();
			throw ex;
		}
		return recorder;
	}

	/**
	 * Commits a boundary marker.
	 * @param what start, end, or ready, for the marker's name
	 * @return the marker's name
	 */
	String mark(String what) {
		String name = what + "-" + MARKERS.incrementAndGet();
		marker(name);
		TestBoundaryEvent event = new TestBoundaryEvent();
		event.marker = name;
		event.commit();
		return name;
	}

	/**
	 * The pinning events that ended between two markers, once the later one has been delivered.
	 * @param startMarker the marker committed when the test started
	 * @param endMarker the marker committed when it ended
	 * @return the events, oldest first
	 */
	List<RecordedPin> pinsBetween(String startMarker, String endMarker) {
		Instant end = awaitDelivery(endMarker);
		Instant start = awaitDelivery(startMarker);
		this.markers.remove(startMarker);
		this.markers.remove(endMarker);
		List<RecordedPin> result = new ArrayList<>();
		for (Pin pin : this.pins) {
			if (!pin.end.isBefore(start) && !pin.end.isAfter(end)) {
				result.add(pin.event);
			}
		}
		result.sort((a, b) -> a.startTime().compareTo(b.startTime()));
		return result;
	}

	// The stream's recording starts on the consumer thread, a moment after start(): a marker
	// committed before that is never delivered. Mark until one comes out of the stream.
	private void awaitStreaming() {
		long deadline = System.nanoTime() + DELIVERY_TIMEOUT.toNanos();
		while (true) {
			CompletableFuture<Instant> delivered = marker(mark("ready"));
			for (int i = 0; i < 10; i++) {
				try {
					delivered.get(5, TimeUnit.MILLISECONDS);
					return;
				}
				catch (TimeoutException ex) {
					if (System.nanoTime() > deadline || !this.consumer.isAlive()) {
						throw new IllegalStateException("The JFR stream for @ShouldNotPin did not start within "
								+ DELIVERY_TIMEOUT.toSeconds() + " s");
					}
					nudge();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					throw new IllegalStateException("Interrupted while starting the JFR stream", ex);
				}
				catch (ExecutionException ex) {
					throw new IllegalStateException(ex.getCause());
				}
			}
		}
	}

	private Instant awaitDelivery(String marker) {
		CompletableFuture<Instant> delivered = marker(marker);
		long deadline = System.nanoTime() + DELIVERY_TIMEOUT.toNanos();
		if (!delivered.isDone()) {
			nudge();
		}
		while (true) {
			try {
				return delivered.get(NUDGE_EVERY_MILLIS, TimeUnit.MILLISECONDS);
			}
			catch (TimeoutException ex) {
				if (System.nanoTime() > deadline || !this.consumer.isAlive()) {
					throw new IllegalStateException("The JFR stream did not deliver the test's marker within "
							+ DELIVERY_TIMEOUT.toSeconds() + " s, so the pinning of this test is unknown");
				}
				nudge();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException("Interrupted while waiting for the JFR stream", ex);
			}
			catch (ExecutionException ex) {
				throw new IllegalStateException(ex.getCause());
			}
		}
	}

	// Starting and stopping a recording makes the JVM write out its buffers and rotate the chunk the
	// stream reads; without it, the stream delivers after the flush interval, a second.
	private static void nudge() {
		try (Recording recording = new Recording()) {
			recording.start();
			recording.stop();
		}
	}

	private CompletableFuture<Instant> marker(String name) {
		return this.markers.computeIfAbsent(name, (key) -> new CompletableFuture<>());
	}

	private void pinned(RecordedEvent event) {
		this.pins.add(new Pin(event.getEndTime(), RecordedPin.of(event)));
		if (this.pins.size() > MAX_KEPT_EVENTS) {
			Iterator<Pin> oldest = this.pins.iterator();
			oldest.next();
			oldest.remove();
		}
	}

	@Override
	public void close() {
		if (this.closed) {
			return;
		}
		this.closed = true;
		this.stream.close();
		try {
			this.consumer.join(5000);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private record Pin(Instant end, RecordedPin event) {
	}

}
