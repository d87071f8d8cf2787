package io.github.vtstarter.autoconfigure;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

import io.github.vtstarter.testsupport.ChildFirstClassLoader;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The promise of the README ("a feature that fails switches itself off with one WARN") and of docs/observability.md
 * ({@code degraded}: "Each is also logged once at WARN, and the application runs on without it"), on
 * {@link DegradedFeatures#guard}, the seam every version-dependent piece runs through: a {@code RuntimeException} and
 * a {@code LinkageError} (a class that moved in a Boot line this release does not know) are each caught, logged once
 * at WARN with the feature and the cause, and listed under {@code degraded} in the endpoint; the caller goes on. Bad
 * configuration is not such a failure: it still stops the start. Runs on every JDK.
 * <p>
 * Each case runs in a class loader of its own ({@link DegradedGuardScenario}): the record is per class loader, and
 * other tests of the JVM (the startup guard's) expect theirs empty.
 */
@SuppressWarnings("unchecked")
class DegradedGuardTests {

	private static final String FEATURE = DegradedGuardScenario.FEATURE;

	@Test
	void aRuntimeExceptionSwitchesTheFeatureOffWithOneWarnAndListsIt() throws Exception {
		Map<String, Object> result = run("runtime");
		assertThat(result).containsEntry("returned", false).containsEntry("runs", 1);
		assertThat((List<String>) result.get("warnings")).singleElement()
			.asString()
			.startsWith("vt-starter: " + FEATURE + " is off: java.lang.IllegalStateException: a method moved")
			.contains("The application runs on without it");
		assertThat(result.get("causes")).isEqualTo(List.of("java.lang.IllegalStateException: a method moved"));
		assertThat(result.get("degraded"))
			.isEqualTo(Map.of(FEATURE, "java.lang.IllegalStateException: a method moved"));
		assertThat(result.get("endpoint")).isEqualTo(result.get("degraded"));
	}

	@Test
	void aLinkageErrorSwitchesTheFeatureOffWithOneWarnAndListsIt() throws Exception {
		Map<String, Object> result = run("linkage");
		assertThat(result).containsEntry("returned", false).doesNotContainKey("thrown");
		assertThat((List<String>) result.get("warnings")).singleElement()
			.asString()
			.startsWith("vt-starter: " + FEATURE
					+ " is off: java.lang.NoClassDefFoundError: org/springframework/boot/web/Moved");
		assertThat(result.get("causes"))
			.isEqualTo(List.of("java.lang.NoClassDefFoundError: org/springframework/boot/web/Moved"));
		assertThat(result.get("endpoint"))
			.isEqualTo(Map.of(FEATURE, "java.lang.NoClassDefFoundError: org/springframework/boot/web/Moved"));
	}

	@Test
	void aFeatureThatFailsAgainIsNotLoggedAgain() throws Exception {
		Map<String, Object> result = run("twice");
		assertThat(result).containsEntry("returned", false).containsEntry("runs", 2);
		assertThat((List<String>) result.get("warnings")).hasSize(1);
		assertThat(result.get("degraded")).isEqualTo(Map.of(FEATURE, "java.lang.IllegalStateException: first"));
	}

	@Test
	void workThatSucceedsRunsOnceAndRecordsNothing() throws Exception {
		Map<String, Object> result = run("success");
		assertThat(result).containsEntry("returned", true).containsEntry("runs", 1);
		assertThat((List<String>) result.get("warnings")).isEmpty();
		assertThat((Map<?, ?>) result.get("endpoint")).isEmpty();
	}

	@Test
	void badConfigurationStillStopsTheStart() throws Exception {
		Map<String, Object> result = run("invalid");
		assertThat(result).containsEntry("thrown", InvalidVirtualThreadsPropertyException.class.getName()
				+ ": Invalid value '-1' for property 'vtstarter.x': it must be positive");
		assertThat((List<String>) result.get("warnings")).isEmpty();
		assertThat((Map<?, ?>) result.get("degraded")).isEmpty();
	}

	@Test
	void otherErrorsAreNotSwallowed() throws Exception {
		// An OutOfMemoryError or an AssertionError is no version seam: the guard lets it through, unrecorded.
		Map<String, Object> result = run("assertion");
		assertThat(result).containsEntry("thrown", "java.lang.AssertionError: not ours to hide");
		assertThat((Map<?, ?>) result.get("degraded")).isEmpty();
	}

	@SuppressWarnings("unchecked")
	private Map<String, Object> run(String scenario) throws Exception {
		try (ChildFirstClassLoader loader = new ChildFirstClassLoader(getClass().getClassLoader(), DegradedFeatures.class,
				DegradedGuardScenario.class)) {
			Class<?> type = loader.loadClass(DegradedGuardScenario.class.getName());
			assertThat(type.getClassLoader()).isSameAs(loader);
			return ((Function<String, Map<String, Object>>) type.getConstructor().newInstance()).apply(scenario);
		}
	}

}
