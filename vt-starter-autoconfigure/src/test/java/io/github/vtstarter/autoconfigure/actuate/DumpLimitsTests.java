package io.github.vtstarter.autoconfigure.actuate;

import java.util.Map;

import io.github.vtstarter.pinning.TestJdk;
import io.github.vtstarter.testsupport.RunningApp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The limits of {@code /actuator/virtualthreads/dump}: {@code vtstarter.dump.max-threads} lists the first threads
 * and counts the rest; {@code vtstarter.dump.max-size} refuses a larger dump and says how to take it instead.
 */
@EnabledIf(TestJdk.VIRTUAL_THREADS)
class DumpLimitsTests {

	@Test
	@SuppressWarnings("unchecked")
	void maxThreadsTruncatesAndSaysSo() {
		try (RunningApp app = RunningApp.web(PinningTestApplication.class,
				"management.endpoints.web.exposure.include=virtualthreads", "vtstarter.dump.max-threads=3")) {
			Map<String, Object> dump = app.get("/actuator/virtualthreads/dump", Map.class);
			Map<String, Object> truncated = (Map<String, Object>) ((Map<String, Object>) dump.get("threadDump"))
				.get("truncated");
			assertThat(truncated).containsEntry("threadsShown", 3);
			assertThat((int) truncated.get("threadsTotal")).isGreaterThan(3);
		}
	}

	@Test
	void maxSizeRefusesALargerDump() {
		try (RunningApp app = RunningApp.web(PinningTestApplication.class,
				"management.endpoints.web.exposure.include=virtualthreads", "vtstarter.dump.max-size=1KB")) {
			Map<?, ?> dump = app.get("/actuator/virtualthreads/dump", Map.class);
			assertThat(dump.get("available")).isEqualTo(false);
			assertThat((String) dump.get("reason")).contains("vtstarter.dump.max-size").contains("jcmd");
		}
	}

}
