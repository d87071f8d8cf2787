package io.github.vtstarter.pinning;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link PinningMonitor#startInBackground}: the caller does not wait for the source (JFR's first start takes a
 * few hundred milliseconds), the monitor says "starting" meanwhile, and a close that comes first wins.
 */
class PinningMonitorBackgroundStartTests {

	private final SlowPinningEventSource source = new SlowPinningEventSource();

	private final AtomicInteger created = new AtomicInteger();

	private final PinningMonitor monitor = new PinningMonitor(Duration.ofMillis(20), 10, 10, () -> {
		this.created.incrementAndGet();
		return this.source;
	});

	private final List<String> told = new CopyOnWriteArrayList<>();

	@AfterEach
	void release() {
		this.source.release.countDown();
		this.monitor.close();
	}

	@Test
	void returnsBeforeTheSourceRunsAndSaysStartingUntilItDoes() throws Exception {
		this.monitor.startInBackground(this.told::add);
		assertThat(this.source.entered.await(10, TimeUnit.SECONDS)).isTrue();
		assertThat(this.monitor.isAvailable()).isFalse();
		assertThat(this.monitor.getUnavailableReason()).isEqualTo(PinningMonitor.STARTING);
		assertThat(this.monitor.awaitStart(Duration.ofMillis(50))).isFalse();
		this.source.release.countDown();
		assertThat(this.monitor.awaitStart(Duration.ofSeconds(10))).isTrue();
		assertThat(this.monitor.getUnavailableReason()).isNull();
		assertThat(this.source.startedOn).isEqualTo(PinningMonitor.STARTER_THREAD_NAME);
		assertThat(this.source.startedOnDaemon).as("a non-daemon starter would keep the JVM alive").isTrue();
		assertThat(this.told).isEmpty();
	}

	@Test
	void aSourceThatFailsIsToldOnceBeforeAwaitStartReturns() throws Exception {
		this.source.failWith = "Flight Recorder refused";
		this.source.release.countDown();
		this.monitor.startInBackground(this.told::add);
		assertThat(this.monitor.awaitStart(Duration.ofSeconds(10))).isFalse();
		assertThat(this.told).containsExactly("JFR could not be started: Flight Recorder refused");
		assertThat(this.monitor.getUnavailableReason()).isEqualTo("JFR could not be started: Flight Recorder refused");
	}

	@Test
	void aSecondBackgroundStartWhileStartingCreatesNoSecondSource() throws Exception {
		this.monitor.startInBackground(this.told::add);
		this.monitor.startInBackground(this.told::add);
		this.source.release.countDown();
		assertThat(this.monitor.awaitStart(Duration.ofSeconds(10))).isTrue();
		this.monitor.startInBackground(this.told::add);
		assertThat(this.created).hasValue(1);
	}

	@Test
	void aCloseWhileStartingReturnsAtOnceAndTheSourceIsClosedWhenItsStartEnds() throws Exception {
		this.monitor.startInBackground(this.told::add);
		assertThat(this.source.entered.await(10, TimeUnit.SECONDS)).isTrue();
		// Spring's shutdown hook closes the monitor: it must not wait for Flight Recorder's start.
		Thread closer = new Thread(this.monitor::close);
		closer.start();
		closer.join(10_000);
		assertThat(closer.isAlive()).as("close() waited for a start in progress").isFalse();
		assertThat(this.source.closed).isFalse();
		assertThat(this.monitor.getUnavailableReason()).isEqualTo("the monitor has been closed");
		this.source.release.countDown();
		Eventually.await(Duration.ofSeconds(10), () -> this.source.closed);
		assertThat(this.monitor.awaitStart(Duration.ofSeconds(1))).isFalse();
		assertThat(this.monitor.getUnavailableReason()).isEqualTo("the monitor has been closed");
		assertThat(this.told).isEmpty();
	}

	@Test
	void aStartThatNeverReturnsDoesNotHoldUpClose() throws Exception {
		// As Flight Recorder's start does once JVM shutdown has overtaken it (JDK-8373439): the JVM exits only if the
		// shutdown hooks end, and Spring's closes this monitor.
		this.monitor.startInBackground(this.told::add);
		assertThat(this.source.entered.await(10, TimeUnit.SECONDS)).isTrue();
		Thread closer = new Thread(this.monitor::close);
		closer.start();
		closer.join(5_000);
		assertThat(closer.isAlive()).as("close() waited for a start that never returns").isFalse();
		assertThat(this.monitor.isAvailable()).isFalse();
	}

	@Test
	void aCloseBeforeTheStarterRunsLeavesNoSource() throws Exception {
		PinningMonitor onlyClosed = new PinningMonitor(Duration.ofMillis(20), 10, 10, () -> {
			this.created.incrementAndGet();
			return this.source;
		});
		// Holding the monitor's lock keeps the starter thread from starting the source until the close is in.
		synchronized (onlyClosed) {
			onlyClosed.startInBackground(this.told::add);
			onlyClosed.close();
		}
		assertThat(onlyClosed.awaitStart(Duration.ofSeconds(1))).isFalse();
		for (Thread thread : Thread.getAllStackTraces().keySet()) {
			if (thread.getName().equals(PinningMonitor.STARTER_THREAD_NAME)) {
				thread.join(10_000);
			}
		}
		assertThat(this.created).hasValue(0);
		assertThat(onlyClosed.getUnavailableReason()).isEqualTo("the monitor has been closed");
		assertThat(this.told).isEmpty();
	}

}
