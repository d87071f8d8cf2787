package io.github.vtstarter.task;

import java.util.concurrent.Callable;
import java.util.concurrent.ThreadFactory;

import org.springframework.core.task.AsyncListenableTaskExecutor;
import org.springframework.util.concurrent.ListenableFuture;
import org.springframework.util.concurrent.ListenableFutureTask;

/**
 * A {@link VirtualThreadTaskExecutor} that is also an {@link AsyncListenableTaskExecutor}, as Boot 3.1's
 * {@code ThreadPoolTaskExecutor} is: on Spring Framework 6.0, {@code @Async} methods that return a
 * {@code ListenableFuture} need it. Spring Framework 7 (Boot 4) removed {@code ListenableFuture}, so this class
 * is kept apart and used only by the Boot 3.1 backport; do not use it on Boot 4.
 */
@SuppressWarnings({ "deprecation", "removal" }) // AsyncListenableTaskExecutor and ListenableFuture
public class ListenableVirtualThreadTaskExecutor extends VirtualThreadTaskExecutor
		implements AsyncListenableTaskExecutor {

	/**
	 * Creates an executor.
	 * @param name the name used in log messages (the bean name)
	 * @param threadFactory the factory of the virtual threads that run the tasks
	 */
	public ListenableVirtualThreadTaskExecutor(String name, ThreadFactory threadFactory) {
		super(name, threadFactory);
	}

	@Override
	public ListenableFuture<?> submitListenable(Runnable task) {
		ListenableFutureTask<Object> future = new ListenableFutureTask<>(task, null);
		execute(future);
		return future;
	}

	@Override
	public <T> ListenableFuture<T> submitListenable(Callable<T> task) {
		ListenableFutureTask<T> future = new ListenableFutureTask<>(task);
		execute(future);
		return future;
	}

}
