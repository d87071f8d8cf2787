package io.github.vtstarter.autoconfigure.docs;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.vtstarter.pinning.TestJdk;
import io.github.vtstarter.testsupport.RunningApp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/getting-started.md's line on Java 17 ("the log says, once, at INFO: ...") against the log of a real start on
 * Java 17. The line exists only there: on Java 21+ this is skipped, and CI's Java 17 lane runs it.
 */
@EnabledIf(TestJdk.NO_VIRTUAL_THREADS)
@ExtendWith(OutputCaptureExtension.class)
class DocsJava17LineTests {

	@Test
	void theJava17LineIsTheStarters(CapturedOutput output) {
		Matcher shown = Pattern.compile("once, at INFO: `([^`]+)`")
			.matcher(DocFiles.text("docs/getting-started.md").replaceAll("\\s+", " "));
		assertThat(shown.find()).as("the Java 17 line of docs/getting-started.md").isTrue();
		try (RunningApp app = RunningApp.web(DocsSampleApplication.class)) {
			List<LogSamples.LogRecord> lines = LogSamples.records(output.getOut())
				.stream()
				.filter((record) -> record.message().startsWith("vt-starter is inactive"))
				.toList();
			assertThat(lines).singleElement().satisfies((record) -> {
				assertThat(record.level()).isEqualTo("INFO");
				assertThat(record.message()).isEqualTo(shown.group(1));
			});
		}
	}

}
