package io.github.vtstarter.threads;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.vtstarter.pinning.TestJdk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code waiting}: real virtual threads that were handed over and wait for a carrier, because every carrier is
 * busy running a virtual thread that never yields.
 */
@EnabledIf(TestJdk.VIRTUAL_THREADS)
class VirtualThreadQueueingTests {

	@Test
	void tasksWaitingForACarrierAreCountedUntilTheyRun() throws Exception {
		VirtualThreadRegistry registry = new VirtualThreadRegistry();
		VirtualThreadStats stats = registry.stats("test");
		Executor executor = registry.executor("test", "queued-");
		int carriers = Integer.getInteger("jdk.virtualThreadScheduler.parallelism",
				Runtime.getRuntime().availableProcessors());
		AtomicBoolean release = new AtomicBoolean();
		CountDownLatch spinning = new CountDownLatch(carriers);
		List<Thread> spinners = new ArrayList<>();
		ThreadFactorySpin factory = new ThreadFactorySpin(release, spinning);
		for (int i = 0; i < carriers; i++) {
			Thread spinner = VirtualThreads.namedFactory("spinner-").newThread(factory);
			spinner.start();
			spinners.add(spinner);
		}
		try {
			assertThat(spinning.await(30, TimeUnit.SECONDS)).as("every carrier busy").isTrue();
			CountDownLatch ran = new CountDownLatch(5);
			for (int i = 0; i < 5; i++) {
				executor.execute(ran::countDown);
			}
			assertThat(stats.getWaiting()).isEqualTo(5);
			assertThat(stats.getStarted()).isZero();
			release.set(true);
			assertThat(ran.await(30, TimeUnit.SECONDS)).isTrue();
			await().atMost(Duration.ofSeconds(30)).until(() -> stats.getCompleted() == 5);
			assertThat(stats.getWaiting()).isZero();
			assertThat(stats.getStarted()).isEqualTo(5);
		}
		finally {
			release.set(true);
			for (Thread spinner : spinners) {
				spinner.join(30_000);
			}
		}
	}

	/** Spins on its carrier, never parking, until released. */
	private record ThreadFactorySpin(AtomicBoolean release, CountDownLatch spinning) implements Runnable {

		@Override
		public void run() {
			this.spinning.countDown();
			while (!this.release.get()) {
				Thread.onSpinWait();
			}
		}

	}

}
