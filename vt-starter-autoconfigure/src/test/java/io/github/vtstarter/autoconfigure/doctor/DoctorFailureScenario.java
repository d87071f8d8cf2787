package io.github.vtstarter.autoconfigure.doctor;

import io.github.vtstarter.testsupport.ChildFirstClassLoader;
import java.time.Duration;
import java.util.Map;
import java.util.function.Function;

import io.github.vtstarter.autoconfigure.DegradedFeatures;

/**
 * Runs in a {@link ChildFirstClassLoader}: a report whose doctor fails with a {@code RuntimeException}
 * ({@code "runtime"}) or a {@code LinkageError} ({@code "linkage"}), started twice; returns what
 * {@link DegradedFeatures} then lists.
 */
public class DoctorFailureScenario implements Function<String, Map<String, String>> {

	@Override
	public Map<String, String> apply(String failure) {
		DependencyDoctorReport report = new DependencyDoctorReport(() -> {
			if (failure.equals("runtime")) {
				throw new IllegalStateException("the catalogue broke");
			}
			throw new NoClassDefFoundError("com/example/Moved");
		}, true);
		try {
			report.start();
			if (!report.await(Duration.ofSeconds(30))) {
				throw new IllegalStateException("the doctor did not finish");
			}
			report.stop();
			report.start();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		return Map.of("failure", String.valueOf(report.getFailure()), "findings",
				String.valueOf(report.getFindings().size()), "degraded", DegradedFeatures.all().toString());
	}

}
