package io.github.vtstarter.autoconfigure;

import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.vtstarter.autoconfigure.actuate.VirtualThreadsEndpoint;
import io.github.vtstarter.autoconfigure.pinning.PinningProperties;
import org.apache.commons.logging.Log;
import org.junit.jupiter.api.Test;

import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The promise of the README ("a feature that fails switches itself off with one WARN") and of docs/observability.md
 * ({@code degraded}: "Each is also logged once at WARN, and the application runs on without it"), on
 * {@link DegradedFeatures#guard}, the seam every version-dependent piece runs through: a {@code RuntimeException} and
 * a {@code LinkageError} (a class that moved in a Boot line this release does not know) are each caught, logged
 * once at WARN with the feature and the cause, and listed under {@code degraded} in the endpoint; the caller goes
 * on. Bad configuration is not such a failure: it still stops the start. Runs on every JDK.
 */
class DegradedGuardTests {

	private final RecordingLog log = new RecordingLog();

	@Test
	void aRuntimeExceptionSwitchesTheFeatureOffWithOneWarnAndListsIt() {
		String feature = feature();
		IllegalStateException failure = new IllegalStateException("a method moved");
		assertThat(DegradedFeatures.guard(this.log.log(), feature, () -> {
			throw failure;
		})).isFalse();
		assertThat(this.log.warnings).singleElement().satisfies((warning) -> {
			assertThat(warning.message()).startsWith("vt-starter: " + feature + " is off: ")
				.contains("java.lang.IllegalStateException: a method moved")
				.contains("The application runs on without it");
			assertThat(warning.cause()).isSameAs(failure);
		});
		assertThat(DegradedFeatures.all()).containsEntry(feature, "java.lang.IllegalStateException: a method moved");
		assertThat(degradedInTheEndpoint()).containsEntry(feature, "java.lang.IllegalStateException: a method moved");
	}

	@Test
	void aLinkageErrorSwitchesTheFeatureOffWithOneWarnAndListsIt() {
		String feature = feature();
		NoClassDefFoundError failure = new NoClassDefFoundError("org/springframework/boot/web/Moved");
		assertThat(DegradedFeatures.guard(this.log.log(), feature, () -> {
			throw failure;
		})).isFalse();
		assertThat(this.log.warnings).singleElement().satisfies((warning) -> {
			assertThat(warning.message()).startsWith("vt-starter: " + feature + " is off: ")
				.contains("java.lang.NoClassDefFoundError: org/springframework/boot/web/Moved");
			assertThat(warning.cause()).isSameAs(failure);
		});
		assertThat(degradedInTheEndpoint()).containsEntry(feature,
				"java.lang.NoClassDefFoundError: org/springframework/boot/web/Moved");
	}

	@Test
	void aFeatureThatFailsAgainIsNotLoggedAgain() {
		String feature = feature();
		DegradedFeatures.guard(this.log.log(), feature, () -> {
			throw new IllegalStateException("first");
		});
		DegradedFeatures.guard(this.log.log(), feature, () -> {
			throw new NoSuchMethodError("second");
		});
		assertThat(this.log.warnings).hasSize(1);
		assertThat(DegradedFeatures.all()).containsEntry(feature, "java.lang.IllegalStateException: first");
	}

	@Test
	void workThatSucceedsRunsOnceAndRecordsNothing() {
		String feature = feature();
		AtomicBoolean ran = new AtomicBoolean();
		assertThat(DegradedFeatures.guard(this.log.log(), feature, () -> ran.set(true))).isTrue();
		assertThat(ran).isTrue();
		assertThat(this.log.warnings).isEmpty();
		assertThat(DegradedFeatures.all()).doesNotContainKey(feature);
	}

	@Test
	void badConfigurationStillStopsTheStart() {
		String feature = feature();
		InvalidVirtualThreadsPropertyException bad = new InvalidVirtualThreadsPropertyException("vtstarter.x", "-1",
				"it must be positive");
		assertThatThrownBy(() -> DegradedFeatures.guard(this.log.log(), feature, () -> {
			throw bad;
		})).isSameAs(bad);
		assertThat(this.log.warnings).isEmpty();
		assertThat(DegradedFeatures.all()).doesNotContainKey(feature);
	}

	@Test
	void otherErrorsAreNotSwallowed() {
		// An OutOfMemoryError or an AssertionError is no version seam: the guard lets it through, unrecorded.
		String feature = feature();
		assertThatThrownBy(() -> DegradedFeatures.guard(this.log.log(), feature, () -> {
			throw new AssertionError("not ours to hide");
		})).isInstanceOf(AssertionError.class).hasMessage("not ours to hide");
		assertThat(DegradedFeatures.all()).doesNotContainKey(feature);
	}

	@SuppressWarnings("unchecked")
	private static Map<String, String> degradedInTheEndpoint() {
		return (Map<String, String>) new VirtualThreadsEndpoint(null, null, new PinningProperties(),
				new MockEnvironment())
			.virtualThreads()
			.get("degraded");
	}

	// The record is per class loader and the suite shares one: a name of this test's own.
	private static String feature() {
		return "a feature of DegradedGuardTests " + UUID.randomUUID();
	}

	/** A {@link Log} that keeps its WARN calls. */
	static final class RecordingLog {

		final List<Warning> warnings = new CopyOnWriteArrayList<>();

		Log log() {
			return (Log) Proxy.newProxyInstance(Log.class.getClassLoader(), new Class<?>[] { Log.class },
					(proxy, method, args) -> {
						if (method.getName().equals("warn")) {
							this.warnings.add(new Warning(String.valueOf(args[0]),
									(args.length > 1) ? (Throwable) args[1] : null));
						}
						return method.getReturnType().equals(boolean.class) ? Boolean.TRUE : null;
					});
		}

	}

	record Warning(String message, Throwable cause) {

	}

}
