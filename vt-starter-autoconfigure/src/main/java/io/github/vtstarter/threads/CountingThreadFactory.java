package io.github.vtstarter.threads;

import java.util.concurrent.ThreadFactory;

/**
 * A {@link ThreadFactory} whose threads report their runs to a {@link VirtualThreadStats}.
 */
public final class CountingThreadFactory implements ThreadFactory {

	private final ThreadFactory delegate;

	private final VirtualThreadStats stats;

	public CountingThreadFactory(ThreadFactory delegate, VirtualThreadStats stats) {
		this.delegate = delegate;
		this.stats = stats;
	}

	@Override
	public Thread newThread(Runnable task) {
		return this.delegate.newThread(this.stats.track(task));
	}

	public VirtualThreadStats getStats() {
		return this.stats;
	}

}
