package io.github.vtstarter.test;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * {@link PinningRecorder} when its JFR stream stops delivering: the check of a test fails with the reason, at once,
 * rather than pass with the pins it never saw or wait out its 30 s deadline.
 */
class PinningRecorderTests {

	@Test
	void aStreamThatNoLongerDeliversFailsTheCheckWithTheReason() {
		PinningRecorder recorder = PinningRecorder.start();
		String start = recorder.mark("start");
		recorder.close();
		String end = recorder.mark("end");
		assertThatIllegalStateException().isThrownBy(() -> recorder.pinsBetween(start, end))
			.withMessageContaining("did not deliver the test's marker")
			.withMessageContaining("the pinning of this test is unknown");
	}

}
