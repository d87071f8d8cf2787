package io.github.vtstarter.autoconfigure;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import org.apache.commons.logging.Log;

/**
 * What of vt-starter is off because something failed that should not have, and why.
 * <p>
 * vt-starter runs on Spring Boot 3.1.0 to 4.1.x and Java 17 to 25, and reaches into places that move between
 * versions (Boot's web-server factories, Spring's executors, the JDK's thread dump). Every such seam runs
 * through {@link #guard}: a failure there (a {@code LinkageError} from a class that moved in a Boot version this
 * release does not know yet, an exception from reflection) switches off that one feature with one WARN that
 * names it and why, and the application starts without it. {@code /actuator/virtualthreads} lists what is off
 * under {@code degraded}.
 * <p>
 * Bad input is not such a failure: an invalid property value still stops the start with a failure analysis
 * ({@link InvalidVirtualThreadsPropertyException}), because running with a silent wrong answer is worse.
 * <p>
 * The record is per class loader (that is, per application in all but test suites), since the environment
 * post-processor runs before any application context exists.
 */
public final class DegradedFeatures {

	private static final int MAX_RECORDED = 50;

	private static final Map<String, String> degraded = Collections.synchronizedMap(new LinkedHashMap<>());

	private DegradedFeatures() {
	}

	/**
	 * Runs one piece of version-dependent work; if it fails unexpectedly, records the feature as off and logs
	 * one WARN for it.
	 * @param logger where the WARN goes
	 * @param feature what stops working if the action fails, for example {@code "counting Boot's Tomcat
	 * threads"}
	 * @param action the work
	 * @return whether the action completed
	 * @throws InvalidVirtualThreadsPropertyException unchanged: bad configuration still fails the start
	 */
	public static boolean guard(Log logger, String feature, Runnable action) {
		try {
			action.run();
			return true;
		}
		catch (InvalidVirtualThreadsPropertyException ex) {
			throw ex;
		}
		catch (RuntimeException | LinkageError ex) {
			record(logger, feature, ex);
			return false;
		}
	}

	/**
	 * Records a feature as off, logging one WARN the first time.
	 * @param logger where the WARN goes
	 * @param feature what is off
	 * @param cause why
	 */
	public static void record(Log logger, String feature, Throwable cause) {
		String reason = describe(cause);
		boolean first;
		synchronized (degraded) {
			first = !degraded.containsKey(feature) && degraded.size() < MAX_RECORDED;
			if (first) {
				degraded.put(feature, reason);
			}
		}
		if (first) {
			logger.warn("vt-starter: " + feature + " is off: " + reason
					+ ". The application runs on without it; please report this with your Spring Boot and Java "
					+ "versions.", cause);
		}
	}

	/**
	 * What is off, and why.
	 * @return feature to reason, in the order they failed
	 */
	public static Map<String, String> all() {
		synchronized (degraded) {
			return Collections.unmodifiableMap(new LinkedHashMap<>(degraded));
		}
	}

	/**
	 * Forgets a feature: for tests that switch one off on purpose, so that the next test of the same JVM starts with
	 * nothing degraded.
	 * @param feature the feature
	 */
	static void forget(String feature) {
		degraded.remove(feature);
	}

	private static String describe(Throwable ex) {
		String message = ex.getMessage();
		String type = ex.getClass().getName();
		return (message != null && !message.isBlank()) ? type + ": " + message : type;
	}

}
