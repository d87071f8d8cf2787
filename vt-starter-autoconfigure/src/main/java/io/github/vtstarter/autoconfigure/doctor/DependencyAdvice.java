package io.github.vtstarter.autoconfigure.doctor;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.vtstarter.doctor.Advice;
import io.github.vtstarter.doctor.DependencyDoctor;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.context.SmartLifecycle;

/**
 * Runs the {@link DependencyDoctor} once, when the context starts, on a platform daemon thread of its own
 * ({@code vtstarter-dependency-doctor}) so that the start is not delayed, logs one WARN per finding and keeps the
 * findings for {@code /actuator/virtualthreads} ({@code advice}).
 */
public class DependencyAdvice implements SmartLifecycle {

	private static final Log logger = LogFactory.getLog(DependencyAdvice.class);

	private final DependencyDoctor doctor;

	private final CountDownLatch done = new CountDownLatch(1);

	private volatile List<Advice> findings = List.of();

	private volatile Duration took;

	private volatile String failure;

	private volatile boolean started;

	private boolean enabled = true;

	/**
	 * Whether to run the check at all ({@code vtstarter.doctor.enabled=off}).
	 * @param enabled {@code false} to skip it
	 */
	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public DependencyAdvice(DependencyDoctor doctor) {
		this.doctor = doctor;
	}

	@Override
	public void start() {
		if (this.started) {
			return;
		}
		this.started = true;
		if (!this.enabled) {
			this.done.countDown();
			return;
		}
		Thread thread = new Thread(this::examine, "vtstarter-dependency-doctor");
		thread.setDaemon(true);
		thread.start();
	}

	private void examine() {
		long start = System.nanoTime();
		try {
			List<Advice> found = this.doctor.examine();
			this.findings = List.copyOf(found);
			for (Advice advice : found) {
				logger.warn("vt-starter: " + advice.message());
			}
		}
		catch (Exception | LinkageError ex) {
			this.failure = ex.toString();
			logger.debug("vt-starter: the dependency check failed", ex);
		}
		finally {
			this.took = Duration.ofNanos(System.nanoTime() - start);
			this.done.countDown();
		}
	}

	/**
	 * Waits for the check, for tests and measurements.
	 * @param timeout the longest wait
	 * @return whether the check is done
	 * @throws InterruptedException when interrupted
	 */
	public boolean await(Duration timeout) throws InterruptedException {
		return this.done.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
	}

	/** @return whether the check has run */
	public boolean isDone() {
		return this.done.getCount() == 0;
	}

	/** @return the findings, empty until the check has run */
	public List<Advice> getFindings() {
		return this.findings;
	}

	/** @return how long the check took, or {@code null} before it ran */
	public Duration getTook() {
		return this.took;
	}

	/** @return why the check failed, or {@code null} */
	public String getFailure() {
		return this.failure;
	}

	@Override
	public void stop() {
		this.started = false;
	}

	@Override
	public boolean isRunning() {
		return this.started;
	}

}
