package io.github.vtstarter.testsupport;

import java.lang.reflect.Field;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;

import io.github.vtstarter.autoconfigure.DegradedFeatures;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * Gives each test class the {@link DegradedFeatures} record it found: what a class's tests record (on purpose, to
 * test that a failing feature is recorded) is taken back when the class ends. The record is per class loader, and the
 * suite runs every class in one JVM and one class loader, so without this a class that asserts "nothing degraded"
 * (the startup guard, the endpoint's shape) passes or fails by the order in which the file system lists the classes:
 * seen failing, 31 tests, on JDK 25 when it listed them after the pinning monitor's, the watchdog logger's and the
 * listener post-processor's tests. Registered for the module's test runs in
 * {@code META-INF/services/org.junit.platform.launcher.TestExecutionListener}.
 */
public class DegradedFeaturesPerTestClass implements TestExecutionListener {

	private final Deque<Map<String, String>> saved = new ArrayDeque<>();

	@Override
	public void executionStarted(TestIdentifier identifier) {
		if (isClass(identifier)) {
			this.saved.push(new LinkedHashMap<>(DegradedFeatures.all()));
		}
	}

	@Override
	public void executionFinished(TestIdentifier identifier, TestExecutionResult result) {
		if (isClass(identifier) && !this.saved.isEmpty()) {
			restore(this.saved.pop());
		}
	}

	private static boolean isClass(TestIdentifier identifier) {
		return identifier.isContainer() && identifier.getSource().filter(ClassSource.class::isInstance).isPresent();
	}

	@SuppressWarnings("unchecked")
	private static void restore(Map<String, String> before) {
		try {
			Field field = DegradedFeatures.class.getDeclaredField("degraded");
			field.setAccessible(true);
			Map<String, String> record = (Map<String, String>) field.get(null);
			synchronized (record) {
				record.clear();
				record.putAll(before);
			}
		}
		catch (ReflectiveOperationException | RuntimeException ex) {
			throw new IllegalStateException("cannot restore DegradedFeatures' record (was it renamed?)", ex);
		}
	}

}
