package io.github.vtstarter.autoconfigure;

import java.lang.reflect.Field;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.commons.logging.Log;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;

/**
 * {@link DegradedFeatures}, the guard every version-dependent seam runs through: an unexpected failure
 * ({@code RuntimeException} or {@code LinkageError}) switches that one feature off with one WARN naming it and why,
 * and lists it under {@code degraded}; bad configuration still fails the start. The record is per class loader, so
 * every test uses feature names of its own.
 */
class DegradedFeaturesTests {

	private final Log log = mock(Log.class);

	@Test
	void workThatCompletesIsNotAFailure() {
		AtomicInteger ran = new AtomicInteger();
		boolean completed = DegradedFeatures.guard(this.log, "a feature that works", ran::incrementAndGet);
		assertThat(completed).isTrue();
		assertThat(ran).hasValue(1);
		assertThat(DegradedFeatures.all()).doesNotContainKey("a feature that works");
		verifyNoInteractions(this.log);
	}

	@Test
	void aRuntimeExceptionSwitchesTheFeatureOffWithOneWarn() {
		IllegalStateException failure = new IllegalStateException("no such field: taskExecutor");
		boolean completed = DegradedFeatures.guard(this.log, "a feature whose field moved", () -> {
			throw failure;
		});
		assertThat(completed).isFalse();
		assertThat(DegradedFeatures.all()).containsEntry("a feature whose field moved",
				"java.lang.IllegalStateException: no such field: taskExecutor");
		verify(this.log).warn("vt-starter: a feature whose field moved is off: java.lang.IllegalStateException: no "
				+ "such field: taskExecutor. The application runs on without it; please report this with your "
				+ "Spring Boot and Java versions.", failure);
	}

	@Test
	void aLinkageErrorSwitchesTheFeatureOffWithOneWarn() {
		NoClassDefFoundError failure = new NoClassDefFoundError("org/springframework/boot/web/embedded/Moved");
		boolean completed = DegradedFeatures.guard(this.log, "a feature whose class moved", () -> {
			throw failure;
		});
		assertThat(completed).isFalse();
		assertThat(DegradedFeatures.all()).containsEntry("a feature whose class moved",
				"java.lang.NoClassDefFoundError: org/springframework/boot/web/embedded/Moved");
		verify(this.log).warn(any(), eq(failure));
	}

	@Test
	void badConfigurationStillFailsTheStart() {
		InvalidVirtualThreadsPropertyException bad = new InvalidVirtualThreadsPropertyException("vtstarter.x", "y",
				"it must be z");
		assertThatExceptionOfType(InvalidVirtualThreadsPropertyException.class)
			.isThrownBy(() -> DegradedFeatures.guard(this.log, "a feature with a bad property", () -> {
				throw bad;
			}))
			.isSameAs(bad);
		assertThat(DegradedFeatures.all()).doesNotContainKey("a feature with a bad property");
		verifyNoInteractions(this.log);
	}

	@Test
	void anErrorThatIsNotALinkageErrorIsNotSwallowed() {
		assertThatExceptionOfType(AssertionError.class)
			.isThrownBy(() -> DegradedFeatures.guard(this.log, "a feature that asserts", () -> {
				throw new AssertionError("not ours to hide");
			}));
		assertThat(DegradedFeatures.all()).doesNotContainKey("a feature that asserts");
	}

	@Test
	void aFeatureIsRecordedAndLoggedOnceWithItsFirstReason() {
		DegradedFeatures.record(this.log, "a feature that fails twice", new IllegalStateException("first"));
		DegradedFeatures.record(this.log, "a feature that fails twice", new IllegalStateException("second"));
		assertThat(DegradedFeatures.all()).containsEntry("a feature that fails twice",
				"java.lang.IllegalStateException: first");
		verify(this.log, times(1)).warn(any(), any());
	}

	@Test
	void aReasonWithoutAMessageIsTheExceptionsType() {
		DegradedFeatures.record(this.log, "a feature failing without a message", new UnsupportedOperationException());
		DegradedFeatures.record(this.log, "a feature failing with a blank message", new IllegalStateException(" "));
		assertThat(DegradedFeatures.all())
			.containsEntry("a feature failing without a message", "java.lang.UnsupportedOperationException")
			.containsEntry("a feature failing with a blank message", "java.lang.IllegalStateException");
	}

	@Test
	void featuresAreListedInTheOrderTheyFailedAndTheListIsASnapshot() {
		DegradedFeatures.record(this.log, "a feature failing first", new IllegalStateException("1"));
		DegradedFeatures.record(this.log, "a feature failing second", new IllegalStateException("2"));
		Map<String, String> snapshot = DegradedFeatures.all();
		assertThat(snapshot.keySet()).containsSubsequence("a feature failing first", "a feature failing second");
		DegradedFeatures.record(this.log, "a feature failing after the snapshot", new IllegalStateException("3"));
		assertThat(snapshot).doesNotContainKey("a feature failing after the snapshot");
		assertThatExceptionOfType(UnsupportedOperationException.class).isThrownBy(() -> snapshot.put("x", "y"));
	}

	@Test
	void atMostFiftyFeaturesAreRecordedSoThatAFailureInALoopCannotFillTheHeap() throws Exception {
		Map<String, String> record = record();
		Map<String, String> before;
		synchronized (record) {
			before = new LinkedHashMap<>(record);
		}
		try {
			int index = 0;
			while (DegradedFeatures.all().size() < 50) {
				DegradedFeatures.record(mock(Log.class), "a feature among fifty " + index++,
						new IllegalStateException());
			}
			DegradedFeatures.record(this.log, "the fifty-first feature", new IllegalStateException());
			assertThat(DegradedFeatures.all()).hasSize(50).doesNotContainKey("the fifty-first feature");
			verify(this.log, never()).warn(any(), any());
		}
		finally {
			// The record is the class loader's: give the other tests of this JVM theirs back.
			synchronized (record) {
				record.clear();
				record.putAll(before);
			}
		}
	}

	@SuppressWarnings("unchecked")
	private static Map<String, String> record() throws ReflectiveOperationException {
		Field field = DegradedFeatures.class.getDeclaredField("degraded");
		field.setAccessible(true);
		return (Map<String, String>) field.get(null);
	}

}
