package io.github.vtstarter.autoconfigure.watchdog;

import java.util.concurrent.ThreadFactory;

import io.github.vtstarter.threads.VirtualThreads;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.web.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * A web application that can hold every carrier on purpose (pinned, or busy with CPU) or flood the scheduler with
 * CPU work that keeps completing, run in its own JVM with a small scheduler
 * ({@code -Djdk.virtualThreadScheduler.parallelism=2}) by {@link StarvationProcessTests}. Prints the ports of
 * its servers ({@code port main=...}, {@code port management=...}).
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration
@Import(StarvationApp.PinController.class)
public class StarvationApp {

	public static void main(String[] args) {
		SpringApplication.run(StarvationApp.class, args);
	}

	@Bean
	ApplicationListener<WebServerInitializedEvent> portPrinter() {
		return (event) -> {
			String namespace = event.getApplicationContext().getServerNamespace();
			System.out.println("port " + ((namespace != null) ? namespace : "main") + "="
					+ event.getWebServer().getPort());
		};
	}

	@RestController
	static class PinController {

		/** Starts {@code threads} virtual threads, each sleeping inside {@code synchronized}: pinned carriers. */
		@GetMapping("/pin")
		String pin(@RequestParam int threads, @RequestParam long ms) {
			ThreadFactory factory = VirtualThreads.namedFactory("pinner-");
			for (int i = 0; i < threads; i++) {
				factory.newThread(() -> holdCarrier(ms)).start();
			}
			return "pinning " + threads;
		}

		/**
		 * Starts {@code threads} virtual threads that each compute for {@code ms} without ever giving their carrier
		 * back: carriers held by CPU-bound code, which starves the scheduler on every JDK.
		 */
		@GetMapping("/spin")
		String spin(@RequestParam int threads, @RequestParam long ms) {
			ThreadFactory factory = VirtualThreads.namedFactory("spinner-");
			long end = System.nanoTime() + ms * 1_000_000;
			for (int i = 0; i < threads; i++) {
				factory.newThread(() -> burnCpuUntil(end)).start();
			}
			return "spinning " + threads;
		}

		/**
		 * Starts {@code tasks} short CPU-bound virtual threads ({@code ms} each), more than the carriers can run at
		 * once: a long run queue that keeps moving, overload. The threads are the application's own, not counted
		 * by the starter, so progress shows only in the scheduler (steal count, carriers changing hands).
		 */
		@GetMapping("/flood")
		String flood(@RequestParam int tasks, @RequestParam long ms) throws InterruptedException {
			ThreadFactory factory = VirtualThreads.namedFactory("flood-");
			// Started from a platform thread, as a server's poller starts request threads: they queue in the
			// scheduler's shared queue, where the watchdog's probe queues too (a virtual thread started from a
			// carrier goes to that carrier's own queue instead).
			Thread starter = new Thread(() -> {
				for (int i = 0; i < tasks; i++) {
					factory.newThread(() -> burnCpuUntil(System.nanoTime() + ms * 1_000_000)).start();
				}
			});
			starter.start();
			starter.join();
			return "flooding " + tasks;
		}

		static volatile long sink;

		static void burnCpuUntil(long end) {
			long x = 0;
			while (System.nanoTime() < end) {
				x += System.identityHashCode(Thread.currentThread()) % 7;
			}
			sink += x;
		}

		/**
		 * Starts {@code threads} virtual threads, each in {@code Object.wait} inside {@code synchronized}: on JDK 21-23
		 * the JDK compensates with a new carrier for each.
		 */
		@GetMapping("/wait")
		String waitInside(@RequestParam int threads, @RequestParam long ms) {
			ThreadFactory factory = VirtualThreads.namedFactory("waiter-");
			for (int i = 0; i < threads; i++) {
				factory.newThread(() -> waitOnMonitor(ms)).start();
			}
			return "waiting " + threads;
		}

		static void waitOnMonitor(long ms) {
			Object monitor = new Object();
			synchronized (monitor) {
				try {
					monitor.wait(ms);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			}
		}

		static void holdCarrier(long ms) {
			Object lock = new Object();
			synchronized (lock) {
				try {
					Thread.sleep(ms);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			}
		}

	}

}
