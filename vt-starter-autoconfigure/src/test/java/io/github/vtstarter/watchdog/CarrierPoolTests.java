package io.github.vtstarter.watchdog;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.vtstarter.testsupport.Precondition;
import io.github.vtstarter.threads.VirtualThreads;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link CarrierPool} on the running JVM: it finds the JDK's real carrier threads through public API only (and no
 * other fork-join worker), their pool, and the CPU time a carrier that runs a virtual thread uses.
 */
@Precondition(Precondition.VirtualThreads.class)
class CarrierPoolTests {

	private final CarrierPool pool = new CarrierPool();

	@Test
	void findsTheSchedulersCarriersAndTheirPoolButNoOtherForkJoinWorker() throws Exception {
		runVirtual(() -> {
		});
		// A worker of the common pool is a ForkJoinWorkerThread too, but no carrier.
		ForkJoinWorkerThread common = ForkJoinPool.commonPool()
			.submit(() -> (ForkJoinWorkerThread) Thread.currentThread())
			.get(10, TimeUnit.SECONDS);

		List<Thread> carriers = this.pool.carriers();
		assertThat(carriers).isNotEmpty()
			.allSatisfy((carrier) -> assertThat(carrier.getClass().getName())
				.isEqualTo(CarrierPool.CARRIER_THREAD_CLASS))
			.doesNotContain(common);
		ForkJoinPool scheduler = this.pool.pool();
		assertThat(scheduler).isNotNull()
			.isSameAs(((ForkJoinWorkerThread) carriers.get(0)).getPool())
			.isNotSameAs(ForkJoinPool.commonPool());
		assertThat(this.pool.pool()).isSameAs(scheduler);
		assertThat(this.pool.parallelism()).isEqualTo(scheduler.getParallelism()).isPositive();
		assertThat(this.pool.size()).isEqualTo(scheduler.getPoolSize()).isPositive();
	}

	@Test
	void aCarrierRunningAVirtualThreadIsRunnableAndUsesCpu() throws Exception {
		AtomicBoolean stop = new AtomicBoolean();
		CountDownLatch spinning = new CountDownLatch(1);
		Thread spinner = VirtualThreads.namedFactory("carrier-pool-spinner-").newThread(() -> {
			spinning.countDown();
			while (!stop.get()) {
				Thread.onSpinWait();
			}
		});
		spinner.start();
		try {
			assertThat(spinning.await(10, TimeUnit.SECONDS)).isTrue();
			CarrierCpuTimes before = this.pool.cpuTimes();
			long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300);
			while (System.nanoTime() < end) {
				Thread.sleep(20);
			}
			CarrierCpuTimes after = this.pool.cpuTimes();
			assertThat(before.known()).isTrue();
			assertThat(after.nanos().keySet()).containsAll(before.nanos().keySet());
			// The spinner's carrier: runnable, and its CPU time went up.
			assertThat(after.runnable()).isNotEmpty();
			assertThat(after.runnable()).anySatisfy((id) -> assertThat(after.nanos().get(id))
				.isGreaterThan(before.nanos().getOrDefault(id, Long.MAX_VALUE)));
			if (java.nio.file.Files.isReadable(java.nio.file.Path.of("/proc/stat"))) {
				assertThat(after.machineBusyPercentSince(before)).isBetween(0, 100);
			}
		}
		finally {
			stop.set(true);
			spinner.join(10_000);
		}
	}

	private static void runVirtual(Runnable task) throws InterruptedException {
		Thread thread = VirtualThreads.namedFactory("carrier-pool-test-").newThread(task);
		thread.start();
		thread.join(10_000);
	}

}
