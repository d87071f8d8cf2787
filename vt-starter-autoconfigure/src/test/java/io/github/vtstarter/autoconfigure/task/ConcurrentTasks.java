package io.github.vtstarter.autoconfigure.task;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * Proves that an executor runs {@code n} tasks at once: each task counts down a latch and then waits for it, so only
 * all {@code n} running together can open it. Submitted from a thread of its own, since an executor that limits
 * concurrency may block its caller: then the latch stays closed and the answer is {@code false}, never a hang.
 */
final class ConcurrentTasks {

	private ConcurrentTasks() {
	}

	static boolean allRunAtOnce(Executor executor, int n) throws InterruptedException {
		CountDownLatch allRunning = new CountDownLatch(n);
		CountDownLatch allDone = new CountDownLatch(n);
		Thread submitter = new Thread(() -> {
			for (int i = 0; i < n; i++) {
				executor.execute(() -> {
					allRunning.countDown();
					try {
						if (allRunning.await(60, TimeUnit.SECONDS)) {
							allDone.countDown();
						}
					}
					catch (InterruptedException ex) {
						Thread.currentThread().interrupt();
					}
				});
			}
		}, "submitter");
		submitter.setDaemon(true);
		submitter.start();
		return allRunning.await(30, TimeUnit.SECONDS) && allDone.await(30, TimeUnit.SECONDS);
	}

}
