package io.github.vtstarter.autoconfigure.docs;

import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

import io.github.vtstarter.pinning.FakePinnedEvent;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The docs' samples come from {@code sample-app}; this is its pinning controller as the tests can run it (the
 * sample app is built after this module): the same paths, the same methods, so that the same stacks pin.
 * {@code /pinning/fake} commits a {@code jdk.VirtualThreadPinned} event of the test's own around the same call, for
 * the JDKs where {@code synchronized} no longer pins (24+): it gives the endpoint a pinning site to show, whose
 * shape (not its frames) the samples are checked against there.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration
@Import(DocsSampleApplication.PinningController.class)
public class DocsSampleApplication {

	/** The properties of the sample app that matter here, and what the tests read. */
	static final String[] PROPERTIES = { "management.endpoints.web.exposure.include=health,info,virtualthreads,metrics",
			"management.endpoint.health.show-details=always" };

	@RestController
	@RequestMapping("/pinning")
	public static class PinningController {

		private final Object monitor = new Object();

		private final ReentrantLock lock = new ReentrantLock();

		@GetMapping("/synchronized")
		public Map<String, Object> insideSynchronized(@RequestParam(defaultValue = "100") long ms)
				throws InterruptedException {
			synchronized (this.monitor) {
				blockingCall(ms);
			}
			return Map.of("guard", "synchronized", "thread", Thread.currentThread().toString());
		}

		@GetMapping("/lock")
		public Map<String, Object> insideLock(@RequestParam(defaultValue = "100") long ms) throws InterruptedException {
			this.lock.lock();
			try {
				blockingCall(ms);
			}
			finally {
				this.lock.unlock();
			}
			return Map.of("guard", "lock", "thread", Thread.currentThread().toString());
		}

		@GetMapping("/fake")
		public Map<String, Object> fake(@RequestParam(defaultValue = "100") long ms) {
			FakePinnedEvent.commit(() -> {
				try {
					blockingCall(ms);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			});
			return Map.of("guard", "fake", "thread", Thread.currentThread().toString());
		}

		private static void blockingCall(long ms) throws InterruptedException {
			Thread.sleep(ms);
		}

	}

}
