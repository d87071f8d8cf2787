package io.github.vtstarter.autoconfigure;

import java.lang.reflect.Field;
import java.util.LinkedHashMap;
import java.util.Map;

import org.apache.commons.logging.Log;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;

/**
 * {@link DegradedFeatures}'s record, what the endpoint lists under {@code degraded}: a feature once, with its first
 * reason and one WARN; the exception's type when it has no message; in the order they failed, as a snapshot; and at
 * most fifty. (The guard itself, what it catches and what it lets through, is {@link DegradedGuardTests}.) The record
 * is per class loader, so every test uses feature names of its own.
 */
class DegradedFeaturesTests {

	private final Log log = mock(Log.class);

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
