package io.github.vtstarter.autoconfigure.docs;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.vtstarter.autoconfigure.doctor.DependencyDoctorReport;
import io.github.vtstarter.pinning.TestJdk;
import io.github.vtstarter.testsupport.RunningApp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.condition.EnabledIf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * The log samples of docs/observability.md, docs/troubleshooting.md and docs/messaging.md against the log of a real
 * application: the sample app's pinning requests (JDK 21-23: {@code synchronized} around a sleep pins for real), the
 * dependency doctor on this module's test class path (a real HikariCP 5.0.1, and on JDK 21-23 the Artemis 2.28
 * client, both on it on purpose), the JMS listener choice with Artemis on the class path, and a start refused for a
 * bad value. Each sample record must match a real one: level, thread, logger, message and the stack lines shown, with
 * numbers masked and the docs' {@code (...)} read as "anything". The scheduler watchdog's samples are checked by
 * {@link DocsWatchdogSamplesTests}, which needs a JVM of its own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@EnabledIf(TestJdk.VIRTUAL_THREADS)
class DocsLogSamplesTests {

	private static final Duration WAIT = Duration.ofSeconds(60);

	/** The sample app's controller, and the test's copy of it (same methods, same stacks). */
	private static final Map<String, String> SAMPLE_APP = Map.of("io.github.vtstarter.sample.pinning.PinningController",
			DocsSampleApplication.PinningController.class.getName());

	private final ByteArrayOutputStream captured = new ByteArrayOutputStream();

	private PrintStream originalOut;

	private RunningApp app;

	@BeforeAll
	void startTheSampleAppAndPin() throws Exception {
		this.originalOut = System.out;
		PrintStream original = this.originalOut;
		System.setOut(new PrintStream(new OutputStream() {

			@Override
			public void write(int b) {
				original.write(b);
				synchronized (DocsLogSamplesTests.this.captured) {
					DocsLogSamplesTests.this.captured.write(b);
				}
			}

			@Override
			public void write(byte[] b, int off, int len) {
				original.write(b, off, len);
				synchronized (DocsLogSamplesTests.this.captured) {
					DocsLogSamplesTests.this.captured.write(b, off, len);
				}
			}

		}, true, StandardCharsets.UTF_8));
		this.app = RunningApp.web(DocsSampleApplication.class, DocsSampleApplication.PROPERTIES);
		assertThat(this.app.context().getBean(DependencyDoctorReport.class).await(WAIT)).isTrue();
		if (TestJdk.synchronizedPins()) {
			for (int i = 0; i < 3; i++) {
				this.app.get("/pinning/synchronized?ms=100", String.class);
			}
			this.app.get("/pinning/lock?ms=100", String.class);
			try {
				await().atMost(WAIT)
					.until(() -> log().lines()
						.anyMatch((line) -> line.contains(" WARN ") && line.contains(".PinningSiteLogger ")));
			}
			catch (org.awaitility.core.ConditionTimeoutException ex) {
				// Left to the test that compares the line, which then says what the log has instead.
			}
		}
	}

	@AfterAll
	void stop() {
		if (this.app != null) {
			this.app.close();
		}
		System.setOut(this.originalOut);
	}

	@Test
	@EnabledIf(TestJdk.SYNCHRONIZED_PINS)
	void thePinningWarnIsTheMonitorsOnTheSampleAppsRequests() {
		assertThat(LogSamples.unmatched(DocFiles.sample("docs/observability.md", "pinning-warn"), log(), SAMPLE_APP))
			.isEmpty();
	}

	@Test
	void theDoctorsWarnsAreTheDoctorsOnARealOldHikariCpAndArtemisClient() {
		String sample = DocFiles.sample("docs/observability.md", "doctor-warn");
		if (TestJdk.synchronizedPins()) {
			assertThat(LogSamples.unmatched(sample, log(), Map.of())).isEmpty();
		}
		else {
			// Java 24+: the Artemis entry is for Java 21-23 and is not reported; HikariCP's is for every Java.
			List<String> records = List.of(sample.split("\\R"));
			assertThat(records).hasSize(2);
			assertThat(records.get(0)).contains("ActiveMQ Artemis client");
			assertThat(LogSamples.unmatched(records.get(1), log(), Map.of())).isEmpty();
			assertThat(LogSamples.unmatched(records.get(0), log(), Map.of())).hasSize(1);
		}
	}

	@Test
	void troubleshootingsFormOfTheDoctorsWarnIsTheDoctors() {
		String troubleshooting = DocFiles.text("docs/troubleshooting.md");
		Matcher shown = Pattern.compile("A WARN `(vt-starter: <library>[^`]*)`").matcher(troubleshooting);
		assertThat(shown.find()).as("the doctor's WARN in docs/troubleshooting.md").isTrue();
		// <placeholder> is any text, [optional] may be absent, ... is anything.
		String regex = Pattern.quote(shown.group(1).replaceAll("\\s+", " "))
			.replaceAll("<[^>]+>", "\\\\E.+?\\\\Q")
			.replace("[ on Java 21-23]", "\\E(?: on Java 21-23)?\\Q")
			.replace("...", "\\E.*?\\Q");
		Pattern form = Pattern.compile(regex, Pattern.DOTALL);
		List<LogSamples.LogRecord> warnings = LogSamples.records(log())
			.stream()
			.filter((record) -> record.logger().equals("DependencyDoctorReport") && record.level().equals("WARN"))
			.toList();
		assertThat(warnings).as("the doctor's WARNs").isNotEmpty();
		List<LogSamples.LogRecord> hikari = warnings.stream()
			.filter((record) -> record.message().startsWith("vt-starter: HikariCP "))
			.toList();
		assertThat(hikari).singleElement().satisfies((record) -> assertThat(record.message()).matches(form));
	}

	@Test
	@EnabledIf(TestJdk.SYNCHRONIZED_PINS)
	void theJmsInfoLineIsTheStartersWithArtemisOnTheClassPath() {
		String sample = DocFiles.sample("docs/messaging.md", "jms-platform-threads-info").strip();
		List<LogSamples.LogRecord> lines = LogSamples.records(log())
			.stream()
			.filter((record) -> record.level().equals("INFO") && record.logger().equals("JmsListenerVirtualThreads"))
			.toList();
		assertThat(lines).as("the INFO line of the JMS listeners' choice").hasSize(1);
		assertThat(LogSamples.messageMatches(sample, lines.get(0).message()))
			.as("docs/messaging.md's line\n  %s\nagainst the real one\n  %s", sample, lines.get(0).message())
			.isTrue();
	}

	@Test
	void aBadValueFailsTheStartWithTheDocumentedAnalysis() {
		String sample = DocFiles.sample("docs/observability.md", "bad-value-failure");
		int before = log().length();
		assertThatThrownBy(() -> RunningApp.web(DocsSampleApplication.class, "vtstarter.pinning.ring-size=0").close())
			.hasStackTraceContaining("vtstarter.pinning.ring-size");
		String output = log().substring(before);
		List<String> expected = sample.lines().map(String::strip).toList();
		List<String> lines = output.lines().map(String::strip).toList();
		assertThat(java.util.Collections.indexOfSubList(lines, expected))
			.as("the failure analysis of docs/observability.md, line for line, in:\n" + output)
			.isNotNegative();
	}

	private String log() {
		synchronized (this.captured) {
			return this.captured.toString(StandardCharsets.UTF_8);
		}
	}

}
