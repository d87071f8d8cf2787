package io.github.vtstarter.sample.pinning;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Pins on purpose, and shows the fix.
 * <ul>
 * <li>{@code GET /pinning/synchronized?ms=100}: a blocking call (a sleep, standing in for JDBC or HTTP) inside
 * {@code synchronized}. On JDK 21-23 the virtual thread stays mounted on its carrier while it waits: with N
 * carriers (N = cores) only N such requests make progress at once, however many connections there are.</li>
 * <li>{@code GET /pinning/lock?ms=100}: the same with a {@link ReentrantLock}, which a virtual thread releases
 * its carrier while waiting on or holding: the fix on JDK 21.</li>
 * </ul>
 * Requests do not contend with each other: each takes the next of 1024 locks (as a client or cache that
 * guards per-connection state would), so only pinning limits throughput. The locks live in fields so that
 * the JIT cannot remove them as it would a lock on an object that never leaves the method.
 */
@RestController
@RequestMapping("/pinning")
public class PinningController {

	private static final int STRIPES = 1024;

	private final Object[] monitors = new Object[STRIPES];

	private final ReentrantLock[] locks = new ReentrantLock[STRIPES];

	private final AtomicInteger next = new AtomicInteger();

	public PinningController() {
		for (int i = 0; i < STRIPES; i++) {
			this.monitors[i] = new Object();
			this.locks[i] = new ReentrantLock();
		}
	}

	@GetMapping("/synchronized")
	public Map<String, Object> insideSynchronized(@RequestParam(defaultValue = "100") long ms)
			throws InterruptedException {
		Object monitor = this.monitors[stripe()];
		synchronized (monitor) {
			blockingCall(ms);
		}
		return result("synchronized", ms);
	}

	@GetMapping("/lock")
	public Map<String, Object> insideLock(@RequestParam(defaultValue = "100") long ms) throws InterruptedException {
		ReentrantLock lock = this.locks[stripe()];
		lock.lock();
		try {
			blockingCall(ms);
		}
		finally {
			lock.unlock();
		}
		return result("lock", ms);
	}

	private int stripe() {
		return Math.floorMod(this.next.getAndIncrement(), STRIPES);
	}

	private static void blockingCall(long ms) throws InterruptedException {
		Thread.sleep(ms);
	}

	private static Map<String, Object> result(String guard, long ms) {
		return Map.of("guard", guard, "sleptMs", ms, "thread", Thread.currentThread().toString());
	}

}
