package io.github.vtstarter.sample.webflux;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * (A copy of the sample app's {@code CpuWork}: the same work per request in both applications.)
 * <p>
 * A fixed amount of CPU work, calibrated once at start-up against the thread's CPU clock so that
 * {@code burn(10)} costs about 10 ms of CPU on the machine at hand, whatever else the machine does
 * (wall-clock spinning would cost less CPU on a busy machine).
 */
final class CpuWork {

	private static final long UNITS_PER_MS = calibrate();

	private static volatile long sink;

	private CpuWork() {
	}

	static long unitsPerMs() {
		return UNITS_PER_MS;
	}

	/**
	 * Burns about {@code ms} milliseconds of CPU.
	 * @param ms CPU milliseconds
	 * @return a value that depends on the work (so that the JIT cannot drop it)
	 */
	static long burn(double ms) {
		return work((long) (UNITS_PER_MS * Math.max(0, Math.min(ms, 1000))));
	}

	private static long work(long units) {
		long x = 0x9E3779B97F4A7C15L;
		for (long i = 0; i < units; i++) {
			x ^= x << 13;
			x ^= x >>> 7;
			x ^= x << 17;
		}
		sink = x;
		return x;
	}

	private static long calibrate() {
		// Called at start-up (R2dbcController): a virtual thread has no CPU clock
		// (getCurrentThreadCpuTime() answers -1 there), so fall back to the wall clock if it is missing.
		ThreadMXBean threads = ManagementFactory.getThreadMXBean();
		boolean cpuClock = threads.isCurrentThreadCpuTimeSupported() && threads.getCurrentThreadCpuTime() >= 0;
		long units = 100_000;
		for (int round = 0; round < 6; round++) {
			work(units); // warm the loop up first
		}
		for (int attempt = 0; attempt < 12; attempt++) {
			long t0 = cpuClock ? threads.getCurrentThreadCpuTime() : System.nanoTime();
			work(units);
			long ns = (cpuClock ? threads.getCurrentThreadCpuTime() : System.nanoTime()) - t0;
			if (ns >= 50_000_000L) {
				return Math.max(1, units * 1_000_000L / ns);
			}
			units *= 2;
		}
		return Math.max(1, units / 1000);
	}

}
