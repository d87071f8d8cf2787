package io.github.vtstarter.autoconfigure.actuate;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * A web application with the starter, as a user has it, plus requests that pin or wait on purpose.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration
@Import(PinningTestApplication.PinningTestController.class)
public class PinningTestApplication {

	@RestController
	static class PinningTestController {

		private static final Object LOCK = new Object();

		static volatile CountDownLatch release = new CountDownLatch(0);

		@GetMapping("/test/synchronized")
		String sleepInsideSynchronized(@RequestParam(defaultValue = "60") long ms) throws InterruptedException {
			synchronized (LOCK) {
				Thread.sleep(ms);
			}
			return Thread.currentThread().toString();
		}

		@GetMapping("/test/class-init")
		String blockInClassInitializer() {
			SlowClassInitializer.touch();
			return Thread.currentThread().toString();
		}

		@GetMapping("/test/hold")
		String hold() throws InterruptedException {
			release.await(30, TimeUnit.SECONDS);
			return "released";
		}

	}

	static final class SlowClassInitializer {

		static {
			try {
				Thread.sleep(60);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}

		static void touch() {
		}

	}

}
