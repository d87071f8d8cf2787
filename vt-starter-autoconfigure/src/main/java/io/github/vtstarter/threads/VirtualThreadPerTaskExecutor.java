package io.github.vtstarter.threads;

import java.util.concurrent.Executor;
import java.util.concurrent.ThreadFactory;

/**
 * Starts one new thread per task: what a web server's request executor becomes.
 * <p>
 * Deliberately not {@code Executors.newVirtualThreadPerTaskExecutor()}: that executor is a thread
 * container that adds and removes every thread in a concurrent set (so that {@code close()} can wait
 * for them), work a server does not need on its hottest path. Threads started here belong to the
 * JVM's root container, as the ones Tomcat's own {@code VirtualThreadExecutor} starts. A server's
 * executor lives as long as the server, so there is nothing to shut down.
 */
public final class VirtualThreadPerTaskExecutor implements Executor {

	private final ThreadFactory threadFactory;

	public VirtualThreadPerTaskExecutor(ThreadFactory threadFactory) {
		this.threadFactory = threadFactory;
	}

	@Override
	public void execute(Runnable task) {
		this.threadFactory.newThread(task).start();
	}

}
