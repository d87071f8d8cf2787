package io.github.vtstarter.pinning;

import java.time.Duration;
import java.util.concurrent.Callable;

/**
 * Polls until a condition holds: JFR delivers events about once a second, and servers answer asynchronously.
 * (Awaitility is not among the test dependencies.)
 */
public final class Eventually {

	private Eventually() {
	}

	/**
	 * Waits for the condition, or fails.
	 * @param timeout how long to wait at most
	 * @param condition the condition
	 */
	public static void await(Duration timeout, Callable<Boolean> condition) {
		long deadline = System.nanoTime() + timeout.toNanos();
		Exception last = null;
		while (System.nanoTime() < deadline) {
			try {
				if (Boolean.TRUE.equals(condition.call())) {
					return;
				}
				last = null;
			}
			catch (Exception ex) {
				last = ex;
			}
			try {
				Thread.sleep(50);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new AssertionError("interrupted", ex);
			}
		}
		throw new AssertionError("Condition not met within " + timeout, last);
	}

}
