package io.github.vtstarter.test;

import io.github.vtstarter.threads.VirtualThreads;

/**
 * Code that pins, or not, run on a virtual thread by the sample tests.
 */
final class PinningSamples {

	private static final Object LOCK = new Object();

	private PinningSamples() {
	}

	static void sleepInsideSynchronized(long millis) {
		synchronized (LOCK) {
			sleep(millis);
		}
	}

	static void runOnVirtualThread(Runnable task) throws InterruptedException {
		Thread thread = VirtualThreads.namedFactory("should-not-pin-sample-").newThread(task);
		thread.start();
		thread.join();
	}

	static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	// Each class initializer runs once per JVM: one class per test that pins through it.
	static final class SlowInitializerForShouldNotPin {

		static {
			sleep(30);
		}

		static void touch() {
		}

	}

	static final class SlowInitializerForShouldPin {

		static {
			sleep(30);
		}

		static void touch() {
		}

	}

	// A brief pin, as loading a class on first use causes on JDK 24+: under the default threshold.
	static final class BriefInitializerForDefault {

		static {
			sleep(3);
		}

		static void touch() {
		}

	}

	static final class BriefInitializerForZero {

		static {
			sleep(3);
		}

		static void touch() {
		}

	}

}
