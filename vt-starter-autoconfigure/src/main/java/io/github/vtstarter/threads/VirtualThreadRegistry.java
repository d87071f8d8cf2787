package io.github.vtstarter.threads;

import java.util.Collection;
import java.util.Collections;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;

/**
 * The virtual-thread executors of one application, by name ({@code tomcat}, {@code applicationTaskExecutor},
 * {@code taskScheduler}, ...), each with its {@link VirtualThreadStats}. What the actuator endpoint and
 * the meters read.
 */
public final class VirtualThreadRegistry {

	private final Map<String, VirtualThreadStats> executors = new ConcurrentHashMap<>();

	/**
	 * The counters of the named executor, created on first use.
	 * @param executorName the executor's name
	 * @return its counters
	 */
	public VirtualThreadStats stats(String executorName) {
		return this.executors.computeIfAbsent(executorName, VirtualThreadStats::new);
	}

	/**
	 * A counted factory of virtual threads for the named executor.
	 * @param executorName the executor's name, under which its counts are reported
	 * @param threadNamePrefix the prefix of its thread names
	 * @return a thread factory whose threads are counted
	 */
	public ThreadFactory threadFactory(String executorName, String threadNamePrefix) {
		return new CountingThreadFactory(VirtualThreads.namedFactory(threadNamePrefix), stats(executorName));
	}

	/**
	 * A counted executor that starts one virtual thread per task, for web servers.
	 * @param executorName the executor's name
	 * @param threadNamePrefix the prefix of its thread names
	 * @return the executor
	 */
	public VirtualThreadPerTaskExecutor executor(String executorName, String threadNamePrefix) {
		return new VirtualThreadPerTaskExecutor(threadFactory(executorName, threadNamePrefix));
	}

	/** @return every registered executor's counters */
	public Collection<VirtualThreadStats> all() {
		return Collections.unmodifiableCollection(this.executors.values());
	}

}
