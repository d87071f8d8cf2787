package io.github.vtstarter.autoconfigure.doctor;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;

import io.github.vtstarter.autoconfigure.DegradedFeatures;
import io.github.vtstarter.doctor.Advice;
import io.github.vtstarter.doctor.DependencyDoctor;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.context.SmartLifecycle;

/**
 * Runs the {@link DependencyDoctor} once, when the context starts, on a platform daemon thread of its own
 * ({@value #THREAD}) so that the start does not wait for it, logs one line per finding and nothing else, and keeps
 * the findings for {@code /actuator/virtualthreads} ({@code advice}). The line is a WARN, except for a library the
 * application carries but does not use (a JDBC driver no DataSource connects through): that is no alarm, an INFO.
 * <p>
 * If the doctor fails unexpectedly (an unreadable or malformed catalogue, a {@code LinkageError}), it is listed
 * under {@code degraded} as {@value #FEATURE} with one WARN ({@link DegradedFeatures}), and the application runs on.
 */
public class DependencyDoctorReport implements SmartLifecycle {

	/** The feature's name under {@code degraded} when the doctor fails. */
	public static final String FEATURE = "the dependency doctor";

	/** The doctor's thread. */
	public static final String THREAD = "vtstarter-dependency-doctor";

	private static final Log logger = LogFactory.getLog(DependencyDoctorReport.class);

	private final Callable<List<Advice>> examination;

	private final boolean enabled;

	private final BiConsumer<String, Throwable> onFailure;

	private final AtomicBoolean ran = new AtomicBoolean();

	private final CountDownLatch done = new CountDownLatch(1);

	private volatile List<Advice> findings = List.of();

	private volatile Duration took;

	private volatile String failure;

	private volatile boolean running;

	/**
	 * Runs a doctor.
	 * @param doctor the doctor
	 */
	public DependencyDoctorReport(DependencyDoctor doctor) {
		this(doctor::examine, true);
	}

	/**
	 * Runs an examination, or nothing.
	 * @param examination what finds the findings
	 * @param enabled {@code false} to run nothing ({@code vtstarter.doctor.enabled=off})
	 */
	public DependencyDoctorReport(Callable<List<Advice>> examination, boolean enabled) {
		this(examination, enabled, (feature, ex) -> DegradedFeatures.record(logger, feature, ex));
	}

	/**
	 * Runs an examination, and hands an unexpected failure to a recorder.
	 * @param examination what finds the findings
	 * @param enabled {@code false} to run nothing
	 * @param onFailure records a failure: {@link DegradedFeatures#record} in an application, given
	 * {@value #FEATURE} and the exception
	 */
	DependencyDoctorReport(Callable<List<Advice>> examination, boolean enabled,
			BiConsumer<String, Throwable> onFailure) {
		this.examination = examination;
		this.enabled = enabled;
		this.onFailure = onFailure;
	}

	@Override
	public void start() {
		this.running = true;
		if (!this.enabled) {
			this.done.countDown();
			return;
		}
		if (this.ran.compareAndSet(false, true)) {
			Thread thread = new Thread(this::examine, THREAD);
			thread.setDaemon(true);
			thread.start();
		}
	}

	private void examine() {
		long start = System.nanoTime();
		try {
			List<Advice> found = List.copyOf(this.examination.call());
			this.findings = found;
			for (Advice advice : found) {
				if (advice.inUse()) {
					logger.warn("vt-starter: " + advice.message());
				}
				else {
					logger.info("vt-starter: " + advice.message());
				}
			}
		}
		catch (Exception | LinkageError ex) {
			this.failure = ex.toString();
			this.onFailure.accept(FEATURE, ex);
		}
		finally {
			this.took = Duration.ofNanos(System.nanoTime() - start);
			this.done.countDown();
		}
	}

	/**
	 * Waits for the check, for tests and measurements.
	 * @param timeout the longest wait
	 * @return whether the check is done (or will never run)
	 * @throws InterruptedException when interrupted
	 */
	public boolean await(Duration timeout) throws InterruptedException {
		return this.done.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
	}

	/** @return whether the check has run (or will never run) */
	public boolean isDone() {
		return this.done.getCount() == 0;
	}

	/** @return whether the check runs at all ({@code vtstarter.doctor.enabled}) */
	public boolean isEnabled() {
		return this.enabled;
	}

	/** @return the findings, empty until the check has run */
	public List<Advice> getFindings() {
		return this.findings;
	}

	/** @return how long the check took on its thread, or {@code null} before it ran */
	public Duration getTook() {
		return this.took;
	}

	/** @return why the check failed, or {@code null} */
	public String getFailure() {
		return this.failure;
	}

	@Override
	public void stop() {
		this.running = false;
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

}
