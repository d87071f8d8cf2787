package io.github.vtstarter.autoconfigure.counting;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.concurrent.ThreadFactory;

import io.github.vtstarter.threads.VirtualThreadRegistry;

import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.util.ReflectionUtils;

/**
 * Counts the threads of a {@link SimpleAsyncTaskExecutor} that Boot 3.2+ built with
 * {@code setVirtualThreads(true)} (the {@code applicationTaskExecutor}, the Kafka listener executor
 * {@code kafka-}, the Redis executor {@code redis-}): its thread source becomes a counted factory of virtual
 * threads with the same prefix and numbering (from 1, as Spring numbers them); everything else stays.
 * <p>
 * {@code setVirtualThreads} is Spring Framework 6.1 API, reached by reflection: this class is compiled against
 * Framework 6.0. Callers run it inside {@code DegradedFeatures.guard(...)}.
 */
public final class BootVirtualExecutors {

	private BootVirtualExecutors() {
	}

	/**
	 * Counts the executor's threads under the given name, if it is Boot's virtual executor as we know it.
	 * @param executor the executor
	 * @param registry where its counts go
	 * @param name the name it is reported under
	 * @return whether it is counted now; {@code false} for an executor with a thread factory of the
	 * application's, or on platform threads
	 */
	public static boolean count(SimpleAsyncTaskExecutor executor, VirtualThreadRegistry registry, String name) {
		// Checked first: building the counted factory registers the name in the endpoint and the meters.
		if (executor.getThreadFactory() != null || !usesVirtualThreads(executor)) {
			return false;
		}
		return replaceThreadFactory(executor, registry.threadFactory(name, executor.getThreadNamePrefix()));
	}

	/**
	 * Swaps the virtual thread source of Boot's executor for the given factory.
	 * @param executor the executor
	 * @param threads the factory of (counted, virtual) threads
	 * @return whether it was swapped
	 */
	static boolean replaceThreadFactory(SimpleAsyncTaskExecutor executor, ThreadFactory threads) {
		Method setVirtualThreads = ReflectionUtils.findMethod(SimpleAsyncTaskExecutor.class, "setVirtualThreads",
				boolean.class);
		if (setVirtualThreads == null || executor.getThreadFactory() != null || !usesVirtualThreads(executor)) {
			return false;
		}
		ReflectionUtils.invokeMethod(setVirtualThreads, executor, false);
		executor.setThreadFactory(threads);
		return true;
	}

	/**
	 * Whether Boot built the executor with {@code setVirtualThreads(true)}.
	 * @param executor the executor
	 * @return {@code true} when it starts virtual threads through Spring's own delegate
	 */
	public static boolean usesVirtualThreads(SimpleAsyncTaskExecutor executor) {
		Field delegate = ReflectionUtils.findField(SimpleAsyncTaskExecutor.class, "virtualThreadDelegate");
		if (delegate == null) {
			return false;
		}
		ReflectionUtils.makeAccessible(delegate);
		return ReflectionUtils.getField(delegate, executor) != null;
	}

}
