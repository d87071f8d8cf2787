package io.github.vtstarter.threads;

import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadFactory;
import java.util.function.Consumer;

/**
 * The virtual-thread executors of one application, by name ({@code tomcat}, {@code applicationTaskExecutor},
 * {@code taskScheduler}, ...), each with its {@link VirtualThreadStats}. What the actuator endpoint and
 * the meters read.
 */
public final class VirtualThreadRegistry {

	private final Map<String, VirtualThreadStats> executors = new ConcurrentHashMap<>();

	private final List<Consumer<VirtualThreadStats>> newExecutorListeners = new CopyOnWriteArrayList<>();

	// Actions waiting for the first task of an executor that may not be registered yet, or ever.
	private final Map<String, List<Runnable>> firstTaskActions = new ConcurrentHashMap<>();

	/**
	 * The counters of the named executor, created on first use.
	 * @param executorName the executor's name
	 * @return its counters
	 */
	public VirtualThreadStats stats(String executorName) {
		VirtualThreadStats stats = this.executors.get(executorName);
		if (stats != null) {
			return stats;
		}
		VirtualThreadStats created = new VirtualThreadStats(executorName);
		stats = this.executors.putIfAbsent(executorName, created);
		if (stats != null) {
			return stats;
		}
		this.firstTaskActions.getOrDefault(executorName, List.of()).forEach(created::whenFirstTaskSubmitted);
		this.newExecutorListeners.forEach((listener) -> listener.accept(created));
		return created;
	}

	/**
	 * Runs the action when the named executor is handed its first task, as
	 * {@link VirtualThreadStats#whenFirstTaskSubmitted(Runnable)} does, without registering the executor: one
	 * that vt-starter never counts (the application's own) must not show up in the endpoint and the meters.
	 * @param executorName the executor's name
	 * @param action what to run; it may run twice
	 */
	public void whenFirstTaskSubmitted(String executorName, Runnable action) {
		this.firstTaskActions.computeIfAbsent(executorName, (name) -> new CopyOnWriteArrayList<>()).add(action);
		// Registered before this lookup: attached here. Registered after it: stats() sees the action above.
		VirtualThreadStats stats = this.executors.get(executorName);
		if (stats != null) {
			stats.whenFirstTaskSubmitted(action);
		}
	}

	/**
	 * Calls the listener for every executor registered so far and for every one registered later; meters use
	 * this because some executors (a lazy {@code applicationTaskExecutor}) appear after the meters are bound.
	 * @param listener called for each executor (twice, at most, for one registered while the listener is added)
	 */
	public void forEachExecutor(Consumer<VirtualThreadStats> listener) {
		this.newExecutorListeners.add(listener);
		this.executors.values().forEach(listener);
	}

	/**
	 * A counted factory of virtual threads for the named executor, numbered from 1 as Spring's task executors
	 * number theirs ({@code task-1}).
	 * @param executorName the executor's name, under which its counts are reported
	 * @param threadNamePrefix the prefix of its thread names
	 * @return a thread factory whose threads are counted
	 */
	public ThreadFactory threadFactory(String executorName, String threadNamePrefix) {
		return threadFactory(executorName, threadNamePrefix, 1);
	}

	/**
	 * A counted executor that starts one virtual thread per task, for web servers. Threads are numbered from 0,
	 * as those of the executors Boot 3.2+ gives Tomcat, Jetty and Undertow ({@code tomcat-handler-0}).
	 * @param executorName the executor's name
	 * @param threadNamePrefix the prefix of its thread names
	 * @return the executor
	 */
	public VirtualThreadPerTaskExecutor executor(String executorName, String threadNamePrefix) {
		return new VirtualThreadPerTaskExecutor(threadFactory(executorName, threadNamePrefix, 0));
	}

	private ThreadFactory threadFactory(String executorName, String threadNamePrefix, long firstNumber) {
		return new CountingThreadFactory(VirtualThreads.namedFactory(threadNamePrefix, firstNumber),
				stats(executorName));
	}

	/** @return every registered executor's counters */
	public Collection<VirtualThreadStats> all() {
		return Collections.unmodifiableCollection(this.executors.values());
	}

}
