package io.github.vtstarter.threads;

import java.util.concurrent.Executor;

/**
 * Counts the tasks of an executor that is not vt-starter's own (Boot 3.2+'s Tomcat executor): each task is
 * wrapped by {@link VirtualThreadStats#track(Runnable)} and handed on; how and where it runs stays the
 * delegate's business.
 */
public final class CountingExecutor implements Executor {

	private final Executor delegate;

	private final VirtualThreadStats stats;

	public CountingExecutor(Executor delegate, VirtualThreadStats stats) {
		this.delegate = delegate;
		this.stats = stats;
	}

	@Override
	public void execute(Runnable task) {
		this.delegate.execute(this.stats.track(task));
	}

	/** @return the executor that runs the tasks */
	public Executor getDelegate() {
		return this.delegate;
	}

	@Override
	public String toString() {
		return "CountingExecutor[" + this.stats.getName() + " -> " + this.delegate + "]";
	}

}
