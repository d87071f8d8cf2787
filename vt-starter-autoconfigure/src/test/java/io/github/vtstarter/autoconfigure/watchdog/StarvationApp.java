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
 * A web application that can pin every carrier on purpose, run in its own JVM with a small scheduler
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
