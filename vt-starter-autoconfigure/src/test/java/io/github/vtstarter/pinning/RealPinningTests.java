package io.github.vtstarter.pinning;

import java.time.Duration;

import io.github.vtstarter.threads.VirtualThreads;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Real pinning, reported by the JDK itself: no fake events here.
 */
@EnabledIf(TestJdk.VIRTUAL_THREADS)
class RealPinningTests {

	private static final Object LOCK = new Object();

	private PinningMonitor monitor;

	@BeforeEach
	void start() {
		this.monitor = new PinningMonitor(Duration.ofMillis(20), 100);
		this.monitor.start();
		assertThat(this.monitor.isAvailable()).as(this.monitor.getUnavailableReason()).isTrue();
	}

	@AfterEach
	void close() {
		this.monitor.close();
	}

	@Test
	@EnabledIf(TestJdk.SYNCHRONIZED_PINS)
	void sleepingInsideSynchronizedPinsOnJdk21() throws Exception {
		runOnVirtualThread(RealPinningTests::sleepWhileHoldingAMonitor);
		PinningSite site = awaitSiteWith("sleepWhileHoldingAMonitor");
		// a pinned sleep can be reported in pieces (the carrier's park may wake early and park again), each over the threshold
		assertThat(site.max()).isGreaterThanOrEqualTo(Duration.ofMillis(20));
		assertThat(site.location()).startsWith(RealPinningTests.class.getName() + ".sleepWhileHoldingAMonitor(line ");
	}

	@Test
	@EnabledIf(TestJdk.SYNCHRONIZED_DOES_NOT_PIN)
	void sleepingInsideSynchronizedNoLongerPinsOnJdk24AndLater() throws Exception {
		runOnVirtualThread(RealPinningTests::sleepWhileHoldingAMonitor);
		// and something that does pin, to know the stream has caught up
		runOnVirtualThread(() -> SlowClassInitializer.touch());
		awaitSiteWith("SlowClassInitializer.<clinit>");
		assertThat(this.monitor.getStatistics().recent())
			.noneMatch((event) -> event.frames().stream().anyMatch((frame) -> frame.contains("sleepWhileHoldingAMonitor")));
	}

	@Test
	void blockingInAClassInitializerPinsOnEveryJdk() throws Exception {
		runOnVirtualThread(() -> OtherSlowClassInitializer.touch());
		PinningSite site = awaitSiteWith("OtherSlowClassInitializer.<clinit>");
		assertThat(site.count()).isGreaterThanOrEqualTo(1);
		// a pinned sleep can be reported in pieces (the carrier's park may wake early and park again), each over the threshold
		assertThat(site.max()).isGreaterThanOrEqualTo(Duration.ofMillis(20));
		// the lambda's hidden class is named without the address that would split one path into many sites
		assertThat(site.frames()).anyMatch((frame) -> frame.contains("$$Lambda."))
			.noneMatch((frame) -> frame.contains("+0x"));
	}

	private PinningSite awaitSiteWith(String method) {
		Eventually.await(Duration.ofSeconds(30), () -> this.monitor.getStatistics()
				.worstSites(100)
				.stream()
				.anyMatch((site) -> site.frames().stream().anyMatch((frame) -> frame.contains(method))));
		return this.monitor.getStatistics()
			.worstSites(100)
			.stream()
			.filter((site) -> site.frames().stream().anyMatch((frame) -> frame.contains(method)))
			.findFirst()
			.orElseThrow();
	}

	private static void sleepWhileHoldingAMonitor() {
		synchronized (LOCK) {
			try {
				Thread.sleep(60);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
	}

	static void runOnVirtualThread(Runnable task) throws InterruptedException {
		Thread thread = VirtualThreads.namedFactory("pinning-test-").newThread(task);
		thread.start();
		thread.join();
	}

	static final class SlowClassInitializer {

		static {
			PinningMonitorTests.sleep(60);
		}

		static void touch() {
		}

	}

	static final class OtherSlowClassInitializer {

		static {
			PinningMonitorTests.sleep(60);
		}

		static void touch() {
		}

	}

}
