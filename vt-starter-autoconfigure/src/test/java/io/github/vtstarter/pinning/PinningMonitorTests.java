package io.github.vtstarter.pinning;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The monitor on a real JFR stream, fed with {@link FakePinnedEvent}s: runs on every JDK.
 */
class PinningMonitorTests {

	private PinningMonitor monitor;

	@AfterEach
	void close() {
		if (this.monitor != null) {
			this.monitor.close();
		}
	}

	@Test
	void thousandsOfEventsKeepTheRingBoundedAndCountOneSite() {
		this.monitor = new PinningMonitor(Duration.ZERO, 50);
		List<Boolean> newSites = new CopyOnWriteArrayList<>();
		this.monitor.addListener(new PinningListener() {
			@Override
			public void pinned(PinnedEvent event, boolean newSite) {
				newSites.add(newSite);
			}
		});
		this.monitor.start();
		assertThat(this.monitor.isAvailable()).as(this.monitor.getUnavailableReason()).isTrue();
		for (int i = 0; i < 5000; i++) {
			commitFromOneSite();
		}
		Eventually.await(Duration.ofSeconds(30), () -> this.monitor.getStatistics().getTotal() >= 5000);
		PinningStatistics statistics = this.monitor.getStatistics();
		assertThat(statistics.getTotal()).isEqualTo(5000);
		assertThat(statistics.recent()).hasSize(50);
		assertThat(statistics.getSiteCount()).isEqualTo(1);
		PinningSite site = statistics.worstSites(10).get(0);
		assertThat(site.count()).isEqualTo(5000);
		assertThat(site.frames()).anyMatch(
				(frame) -> frame.startsWith(PinningMonitorTests.class.getName() + ".commitFromOneSite(line "));
		assertThat(newSites).hasSize(5000).containsOnlyOnce(true);
	}

	@Test
	void eventsShorterThanTheThresholdAreNotReported() {
		this.monitor = new PinningMonitor(Duration.ofMillis(40), 10);
		this.monitor.start();
		for (int i = 0; i < 100; i++) {
			FakePinnedEvent.commit(() -> {
			});
		}
		FakePinnedEvent.commit(() -> sleep(60));
		for (int i = 0; i < 100; i++) {
			FakePinnedEvent.commit(() -> {
			});
		}
		// A second long event, committed after every short one by the same thread, is written after them: once it
		// is seen, any short one that had got through would have been seen too.
		FakePinnedEvent.commit(() -> sleep(60));
		Eventually.await(Duration.ofSeconds(30), () -> this.monitor.getStatistics().getTotal() >= 2);
		assertThat(this.monitor.getStatistics().getTotal()).isEqualTo(2);
		assertThat(this.monitor.getStatistics().recent().get(0).duration()).isGreaterThanOrEqualTo(Duration.ofMillis(40));
	}

	@Test
	void aSubmitFailureReachesTheListenersThroughTheRealJfrSubscription() {
		this.monitor = new PinningMonitor(Duration.ZERO, 10);
		List<String> failures = new CopyOnWriteArrayList<>();
		this.monitor.addListener(new PinningListener() {
			@Override
			public void submitFailed(String threadName, String message) {
				failures.add(threadName + ": " + message);
			}
		});
		this.monitor.start();
		assertThat(this.monitor.isAvailable()).as(this.monitor.getUnavailableReason()).isTrue();
		FakeSubmitFailedEvent.commit("no carrier could take it");
		Eventually.await(Duration.ofSeconds(30), () -> !failures.isEmpty());
		assertThat(failures).containsExactly(Thread.currentThread().getName() + ": no carrier could take it");
		assertThat(this.monitor.getStatistics().getSubmitFailed()).isEqualTo(1);
	}

	@Test
	void closeEndsTheStreamThreadAndKeepsWhatWasSeen() {
		Set<Thread> before = TestJdk.jfrStreamThreads();
		this.monitor = new PinningMonitor(Duration.ZERO, 10);
		this.monitor.start();
		assertThat(TestJdk.jfrStreamThreadsSince(before)).hasSize(1)
			// a daemon: the monitor must never keep the JVM alive (spring.main.keep-alive=false means exit)
			.allMatch(Thread::isDaemon);
		FakePinnedEvent.commit(() -> {
		});
		Eventually.await(Duration.ofSeconds(30), () -> this.monitor.getStatistics().getTotal() >= 1);
		this.monitor.close();
		TestJdk.awaitJfrStreamThreadsEnded(before);
		assertThat(this.monitor.isAvailable()).isFalse();
		assertThat(this.monitor.getUnavailableReason()).contains("closed");
		assertThat(this.monitor.getStatistics().recent()).hasSize(1);
	}

	@Test
	void aSourceThatFailsLeavesTheMonitorUnavailableWithTheReason() {
		this.monitor = new PinningMonitor(Duration.ZERO, 10, 10, () -> new PinningEventSource() {

			@Override
			public void start(Duration threshold, PinningListener listener) {
				throw new IllegalStateException("no recorder for you");
			}

			@Override
			public void close() {
			}

		});
		this.monitor.start();
		assertThat(this.monitor.isAvailable()).isFalse();
		assertThat(this.monitor.getUnavailableReason()).isEqualTo("JFR could not be started: no recorder for you");
	}

	@Test
	void aBrokenListenerDoesNotStopTheOthers() {
		this.monitor = new PinningMonitor(Duration.ZERO, 10);
		List<PinnedEvent> seen = new CopyOnWriteArrayList<>();
		this.monitor.addListener(new PinningListener() {
			@Override
			public void pinned(PinnedEvent event, boolean newSite) {
				throw new IllegalStateException("broken");
			}
		});
		this.monitor.addListener(new PinningListener() {
			@Override
			public void pinned(PinnedEvent event, boolean newSite) {
				seen.add(event);
			}
		});
		this.monitor.start();
		FakePinnedEvent.commit(() -> {
		});
		FakePinnedEvent.commit(() -> {
		});
		Eventually.await(Duration.ofSeconds(30), () -> seen.size() >= 2);
	}

	private static void commitFromOneSite() {
		FakePinnedEvent.commit(() -> {
		});
	}

	static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
