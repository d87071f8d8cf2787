package io.github.vtstarter.pinning;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A source whose start waits until the test lets it go, as the JVM's first Flight Recorder start takes its time.
 */
public final class SlowPinningEventSource implements PinningEventSource {

	/** Counted down when {@link #start} is entered. */
	public final CountDownLatch entered = new CountDownLatch(1);

	/** Count it down to let {@link #start} return. */
	public final CountDownLatch release = new CountDownLatch(1);

	/** When set, {@link #start} fails with this message once released. */
	public volatile String failWith;

	/** The name of the thread {@link #start} ran on. */
	public volatile String startedOn;

	/** Whether the thread {@link #start} ran on was a daemon (one that is not keeps the JVM alive). */
	public volatile boolean startedOnDaemon;

	/** Whether {@link #close} was called. */
	public volatile boolean closed;

	@Override
	public void start(Duration threshold, PinningListener listener) throws Exception {
		this.startedOn = Thread.currentThread().getName();
		this.startedOnDaemon = Thread.currentThread().isDaemon();
		this.entered.countDown();
		if (!this.release.await(10, TimeUnit.SECONDS)) {
			throw new IllegalStateException("the test never released the source");
		}
		if (this.failWith != null) {
			throw new IllegalStateException(this.failWith);
		}
	}

	@Override
	public void close() {
		this.closed = true;
	}

}
