package io.github.vtstarter.watchdog;

import java.io.BufferedReader;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;

/**
 * The carrier threads of the virtual-thread scheduler and their {@link ForkJoinPool}.
 * <p>
 * The JDK keeps its default scheduler in a private field of {@code java.lang.VirtualThread}, which reflection
 * cannot open without {@code --add-opens}. But every carrier is a platform thread of class
 * {@code jdk.internal.misc.CarrierThread}, a {@link ForkJoinWorkerThread} in the thread group
 * {@code CarrierThreads} (JDK 21 to 25), and {@link ForkJoinWorkerThread#getPool()} is public: one carrier gives
 * the pool, and the pool its size, parallelism and queue, through public API only. Carriers exist once the first
 * virtual thread has run; until then the pool is unknown ({@link #pool()} is {@code null}).
 * <p>
 * The pool grows beyond its parallelism when a virtual thread blocks its carrier in a way the JDK compensates
 * for: {@code Object.wait()} and file I/O on JDK 21-23 (up to {@code jdk.virtualThreadScheduler.maxPoolSize},
 * 256 by default). Growth is the visible trace of carriers held hostage.
 */
public class CarrierPool {

	static final String CARRIER_THREAD_CLASS = "jdk.internal.misc.CarrierThread";

	private volatile ForkJoinPool pool;

	/**
	 * The scheduler's pool, looked up once a carrier exists.
	 * @return the pool, or {@code null} while no virtual thread has run yet (or on Java 17)
	 */
	public ForkJoinPool pool() {
		ForkJoinPool found = this.pool;
		if (found == null) {
			for (Thread thread : carriers()) {
				found = ((ForkJoinWorkerThread) thread).getPool();
				this.pool = found;
				break;
			}
		}
		return found;
	}

	/** @return the carriers that exist now (platform threads), idle ones included */
	public List<Thread> carriers() {
		List<Thread> carriers = new ArrayList<>();
		for (Thread thread : allPlatformThreads()) {
			if (thread != null && thread instanceof ForkJoinWorkerThread
					&& thread.getClass().getName().equals(CARRIER_THREAD_CLASS)) {
				carriers.add(thread);
			}
		}
		return carriers;
	}

	/**
	 * The CPU time each carrier has used so far ({@code ThreadMXBean.getThreadCpuTime}, per platform thread: a
	 * carrier's time includes that of the virtual threads it ran), and which carriers are runnable now.
	 * @return the times, or {@link CarrierCpuTimes#UNKNOWN} where thread CPU time is not supported or turned off
	 */
	public CarrierCpuTimes cpuTimes() {
		try {
			ThreadMXBean threads = ManagementFactory.getThreadMXBean();
			if (!threads.isThreadCpuTimeSupported() || !threads.isThreadCpuTimeEnabled()) {
				return CarrierCpuTimes.UNKNOWN;
			}
			Map<Long, Long> nanos = new HashMap<>();
			Set<Long> runnable = new HashSet<>();
			for (Thread carrier : carriers()) {
				@SuppressWarnings("deprecation") // Thread.threadId() is Java 19+; the starter is compiled for 17
				long id = carrier.getId();
				long cpu = threads.getThreadCpuTime(id);
				if (cpu >= 0) {
					nanos.put(id, cpu);
					if (carrier.getState() == Thread.State.RUNNABLE) {
						runnable.add(id);
					}
				}
			}
			long[] machine = machineCpuTicks();
			return new CarrierCpuTimes(nanos, runnable, machine[0], machine[1]);
		}
		catch (RuntimeException | LinkageError ex) {
			return CarrierCpuTimes.UNKNOWN;
		}
	}

	// The machine's busy and total CPU ticks from the first line of /proc/stat ("cpu user nice system idle iowait
	// irq softirq steal ..."; idle and iowait are the idle time); {-1, -1} where there is no such file.
	static long[] machineCpuTicks() {
		try {
			Path stat = Path.of("/proc/stat");
			if (!Files.isReadable(stat)) {
				return new long[] { -1, -1 };
			}
			try (BufferedReader reader = Files.newBufferedReader(stat)) {
				return machineCpuTicks(reader.readLine());
			}
		}
		catch (IOException | RuntimeException ex) {
			return new long[] { -1, -1 };
		}
	}

	static long[] machineCpuTicks(String line) {
		if (line == null || !line.startsWith("cpu ")) {
			return new long[] { -1, -1 };
		}
		String[] fields = line.trim().split("\\s+");
		long total = 0;
		long idle = 0;
		// user, nice, system, idle, iowait, irq, softirq, steal; guest time is already counted in user and nice.
		for (int i = 1; i < Math.min(fields.length, 9); i++) {
			long ticks = Long.parseLong(fields[i]);
			total += ticks;
			if (i == 4 || i == 5) {
				idle += ticks;
			}
		}
		return new long[] { total - idle, total };
	}

	/**
	 * The pool's steal count: tasks its carriers took from a queue. On JDK 24+ it moves with every virtual thread
	 * a carrier takes up; on JDK 21-23 a carrier adds its count only when it runs out of work, so under load it
	 * stands still. Only its moving means anything.
	 * @return the count, or 0 while the pool is unknown
	 */
	public long stealCount() {
		ForkJoinPool found = pool();
		return (found != null) ? found.getStealCount() : 0;
	}

	/** @return the pool's size now (carriers alive), or -1 when unknown */
	public int size() {
		ForkJoinPool found = pool();
		return (found != null) ? found.getPoolSize() : -1;
	}

	/** @return the pool's parallelism (carriers it aims to keep busy), or -1 when unknown */
	public int parallelism() {
		ForkJoinPool found = pool();
		return (found != null) ? found.getParallelism() : -1;
	}

	private static Thread[] allPlatformThreads() {
		ThreadGroup root = Thread.currentThread().getThreadGroup();
		while (root.getParent() != null) {
			root = root.getParent();
		}
		// Virtual threads are not in any group's list; enumerate sees platform threads only.
		Thread[] threads = new Thread[root.activeCount() + 16];
		int count;
		while ((count = root.enumerate(threads, true)) == threads.length) {
			threads = new Thread[threads.length * 2];
		}
		Thread[] result = new Thread[count];
		System.arraycopy(threads, 0, result, 0, count);
		return result;
	}

}
