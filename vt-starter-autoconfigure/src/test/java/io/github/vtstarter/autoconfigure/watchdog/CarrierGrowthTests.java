package io.github.vtstarter.autoconfigure.watchdog;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.Map;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

import io.github.vtstarter.autoconfigure.actuate.PinningTestApplication;
import io.github.vtstarter.pinning.TestJdk;
import io.github.vtstarter.watchdog.SchedulerWatchdog;
import io.github.vtstarter.testsupport.RunningApp;
import io.github.vtstarter.threads.VirtualThreads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Compensation for real, per JDK. On JDK 21-23 virtual threads in {@code Object.wait()} inside {@code synchronized}
 * keep their carriers, the JDK adds carriers, and the endpoint, the meter and one WARN with the stacks say so once
 * the pool reaches {@link SchedulerWatchdog#carrierGrowthWarningSize(int)}. On JDK 24+ the same threads unmount
 * (JEP 491): the pool stays at its parallelism, and nothing is logged.
 */
@EnabledIf(TestJdk.VIRTUAL_THREADS)
@ExtendWith(OutputCaptureExtension.class)
class CarrierGrowthTests {

	@Test
	@EnabledIf(TestJdk.SYNCHRONIZED_DOES_NOT_PIN)
	void objectWaitNoLongerHoldsACarrierFromJava24(CapturedOutput output) throws Exception {
		try (RunningApp app = RunningApp.web(PinningTestApplication.class,
				"management.endpoints.web.exposure.include=virtualthreads", "vtstarter.watchdog.probe-interval=100ms")) {
			SchedulerWatchdog watchdog = app.context().getBean(SchedulerWatchdog.class);
			await().atMost(Duration.ofSeconds(30)).until(() -> watchdog.carriers().known());
			int parallelism = watchdog.carriers().parallelism();
			int waiters = SchedulerWatchdog.carrierGrowthWarningSize(parallelism);
			CountDownLatch waiting = new CountDownLatch(waiters);
			Object[] monitors = new Object[waiters];
			List<Thread> threads = new ArrayList<>();
			ThreadFactory factory = VirtualThreads.namedFactory("waiting-");
			for (int i = 0; i < waiters; i++) {
				Object monitor = new Object();
				monitors[i] = monitor;
				Thread thread = factory.newThread(() -> {
					synchronized (monitor) {
						waiting.countDown();
						waitOn(monitor);
					}
				});
				threads.add(thread);
				thread.start();
			}
			try {
				assertThat(waiting.await(30, TimeUnit.SECONDS)).isTrue();
				// Every waiter is in Object.wait() now; a few probes later the pool is still at its parallelism.
				long probes = watchdog.probesRun();
				await().atMost(Duration.ofSeconds(30)).until(() -> watchdog.probesRun() >= probes + 5);
				assertThat(watchdog.carriers().size()).isEqualTo(parallelism);
				assertThat(watchdog.carriers().compensating()).isFalse();
				assertThat(output.getOut()).doesNotContain("the carrier pool grew");
			}
			finally {
				for (Object monitor : monitors) {
					synchronized (monitor) {
						monitor.notifyAll();
					}
				}
				for (Thread thread : threads) {
					thread.join(30_000);
				}
			}
		}
	}

	@Test
	@EnabledIf(TestJdk.SYNCHRONIZED_PINS)
	@SuppressWarnings("unchecked")
	void objectWaitGrowsTheCarrierPoolAndItShows(CapturedOutput output) throws Exception {
		try (RunningApp app = RunningApp.web(PinningTestApplication.class,
				"management.endpoints.web.exposure.include=virtualthreads,metrics",
				"vtstarter.watchdog.probe-interval=100ms")) {
			SchedulerWatchdog watchdog = app.context().getBean(SchedulerWatchdog.class);
			await().atMost(Duration.ofSeconds(30)).until(() -> watchdog.carriers().known());
			int parallelism = watchdog.carriers().parallelism();
			int waiters = SchedulerWatchdog.carrierGrowthWarningSize(parallelism);
			Object[] monitors = new Object[waiters];
			List<Thread> threads = new ArrayList<>();
			ThreadFactory factory = VirtualThreads.namedFactory("compensating-");
			for (int i = 0; i < waiters; i++) {
				Object monitor = new Object();
				monitors[i] = monitor;
				Thread thread = factory.newThread(() -> waitInside(monitor));
				threads.add(thread);
				thread.start();
			}
			try {
				await().atMost(Duration.ofSeconds(30)).until(() -> watchdog.carriers().size() >= waiters);
				Map<String, Object> body = app.get("/actuator/virtualthreads", Map.class);
				Map<String, Object> carriers = (Map<String, Object>) ((Map<String, Object>) body.get("scheduler"))
					.get("carriers");
				assertThat((int) carriers.get("size")).isGreaterThan(parallelism);
				assertThat((int) carriers.get("highWater")).isGreaterThanOrEqualTo(waiters);
				assertThat(carriers.get("compensating")).isEqualTo(true);
				Map<String, Object> meter = app.get("/actuator/metrics/jvm.threads.virtual.carriers", Map.class);
				double value = (double) ((List<Map<String, Object>>) meter.get("measurements")).get(0).get("value");
				assertThat(value).isGreaterThan(parallelism);
				await().atMost(Duration.ofSeconds(30))
					.until(() -> output.getOut().contains("the carrier pool grew to "));
				assertThat(output.getOut()).contains("Culprit frames: io.github.vtstarter.autoconfigure.watchdog.CarrierGrowthTests.waitInside")
					.contains("java.base/java.lang.Object.wait0");
			}
			finally {
				for (Object monitor : monitors) {
					synchronized (monitor) {
						monitor.notifyAll();
					}
				}
				for (Thread thread : threads) {
					thread.join(30_000);
				}
			}
		}
	}

	static void waitOn(Object monitor) {
		try {
			monitor.wait(60_000);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	static void waitInside(Object monitor) {
		synchronized (monitor) {
			try {
				monitor.wait(60_000);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
	}

}
