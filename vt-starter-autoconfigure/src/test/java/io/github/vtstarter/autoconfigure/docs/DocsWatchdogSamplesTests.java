package io.github.vtstarter.autoconfigure.docs;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.vtstarter.autoconfigure.watchdog.StarvationApp;
import io.github.vtstarter.pinning.PinningMonitor;
import io.github.vtstarter.pinning.TestJdk;
import io.github.vtstarter.testsupport.ChildJvm;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.condition.EnabledIf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The scheduler watchdog's samples in docs/observability.md (its log lines, {@code /actuator/health} while starved,
 * the endpoint's {@code scheduler} and {@code starvation}, the carrier pool after compensation) against a real run
 * of {@link StarvationApp} in a JVM with two carriers, as the docs' samples were made: every carrier held until the
 * scheduler starves (JDK 21-23: pinned by sleeps inside {@code synchronized}, as in the sample; JDK 24+, where that no
 * longer pins: busy with CPU, and then only the lines' form is compared, not the pinned stacks), then a flood of CPU
 * work (overload), then (JDK 21-23) virtual threads in {@code Object.wait()} (compensation). Shorter thresholds than
 * the defaults of the samples keep it quick; the numbers are masked anyway.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@EnabledIf(TestJdk.VIRTUAL_THREADS)
class DocsWatchdogSamplesTests {

	private static final String DOC = "docs/observability.md";

	private static final Duration WAIT = Duration.ofSeconds(120);

	private static final String EPISODE_OVER = "the scheduling-lag episode is over";

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private Path temp;

	private Path log;

	private Process process;

	private int main;

	private int management;

	@BeforeAll
	void start() throws Exception {
		this.temp = Files.createTempDirectory("docs-watchdog");
		this.log = this.temp.resolve("app.log");
		this.process = ChildJvm.start(this.log, List.of("-Djdk.virtualThreadScheduler.parallelism=2"),
				StarvationApp.class, "--spring.main.banner-mode=off",
				"--server.port=0", "--server.address=127.0.0.1", "--management.server.port=0",
				"--management.server.address=127.0.0.1",
				"--management.endpoints.web.exposure.include=health,virtualthreads,metrics",
				"--management.endpoint.health.show-details=always", "--vtstarter.watchdog.probe-interval=200ms",
				"--vtstarter.watchdog.lag-threshold=1s", "--vtstarter.watchdog.starvation-threshold=3s",
				"--vtstarter.watchdog.quiet-period=2s", "--vtstarter.doctor.enabled=false");
		await().atMost(WAIT).until(() -> port("management") > 0 && port("main") > 0);
		this.main = port("main");
		this.management = port("management");
		await().atMost(WAIT).until(() -> status("/actuator/health") == 200);
		// The pinning monitor starts its recording in the background once the context has refreshed; on a loaded
		// machine that takes seconds, and a pin that ends before the recording runs is not seen (docs/observability.md).
		// The docs' samples are of a running monitor: the pins start after it runs.
		await().atMost(WAIT)
			.until(() -> !PinningMonitor.STARTING.equals(
					json(get(this.management, "/actuator/virtualthreads")).path("pinning").path("reason").asText()));
	}

	@AfterAll
	void stop() throws InterruptedException {
		if (this.process != null) {
			this.process.destroy();
			this.process.waitFor(30, TimeUnit.SECONDS);
		}
		if (this.temp != null) {
			org.springframework.util.FileSystemUtils.deleteRecursively(this.temp.toFile());
		}
	}

	@Test
	@Order(1)
	void starvationLogHealthAndEndpoint() throws Exception {
		boolean pins = TestJdk.synchronizedPins();
		int over = count(EPISODE_OVER);
		assertThat(get(this.main, pins ? "/pin?threads=2&ms=8000" : "/spin?threads=2&ms=30000").statusCode())
			.isEqualTo(200);
		await().atMost(WAIT).pollInterval(Duration.ofMillis(100)).until(() -> status("/actuator/health") == 503);
		JsonNode health = json(get(this.management, "/actuator/health"));
		JsonNode endpoint = json(get(this.management, "/actuator/virtualthreads"));
		await().atMost(WAIT).until(() -> status("/actuator/health") == 200 && count(EPISODE_OVER) > over);
		if (pins) {
			// JFR reports a pin when it ends and the stream hands it over at its next flush (about a second later,
			// more on a busy machine), so the pinning WARN may come after the episode's end: wait for it, bounded.
			try {
				await().atMost(WAIT)
					.until(() -> LogSamples.records(read())
						.stream()
						.anyMatch((record) -> record.level().equals("WARN")
								&& record.logger().equals("PinningSiteLogger")));
			}
			catch (org.awaitility.core.ConditionTimeoutException ex) {
				// Left to the comparison below, which then says what the log has instead.
			}
		}

		JsonShape healthShape = new JsonShape().dynamic("components.virtualThreads.details.culprits");
		assertThat(healthShape.differences(JsonShape.parseSample(DocFiles.sample(DOC, "watchdog-starvation-health")),
				health))
			.as("<!-- sample: watchdog-starvation-health --> against " + health)
			.isEmpty();
		JsonShape endpointShape = new JsonShape();
		if (!pins) {
			endpointShape.ignore("scheduler.parallelism");
		}
		assertThat(endpointShape.differences(
				JsonShape.parseSample(DocFiles.sample(DOC, "watchdog-starvation-endpoint")), endpoint))
			.as("<!-- sample: watchdog-starvation-endpoint --> against " + endpoint)
			.isEmpty();

		String sample = DocFiles.sample(DOC, "watchdog-starvation-log");
		String log = read();
		boolean stallWarned = LogSamples.records(log)
			.stream()
			.anyMatch((record) -> record.level().equals("WARN") && record.message().startsWith("vt-starter: stall:"));
		if (!stallWarned) {
			// The other form the docs describe: a stall proven only at the starvation threshold (a slow machine, the
			// dumps late) is one ERROR that carries the stacks itself, with no WARN before it.
			List<String> kept = new ArrayList<>();
			for (String line : sample.split("\\R")) {
				if (line.contains(" WARN ") && line.contains("stall:")) {
					kept.add("\u0000");
				}
				else if (kept.isEmpty() || !kept.get(kept.size() - 1).equals("\u0000") || !isContinuation(line)) {
					kept.add(line.replace(" (stacks in the stall's WARN above)", ". Virtual threads holding a carrier:"));
				}
			}
			sample = String.join("\n", kept.stream().filter((line) -> !line.equals("\u0000")).toList());
		}
		if (pins) {
			assertThat(LogSamples.unmatched(sample, log, Map.of())).as("stall WARN seen: " + stallWarned).isEmpty();
		}
		else {
			// JDK 24+: CPU-bound holders, so the lines' form without the pinned stacks and the pinning WARN.
			String headers = LogSamples.records(sample)
				.stream()
				.filter((record) -> !record.logger().equals("PinningSiteLogger"))
				.map((record) -> "00:00:00.000Z " + record.level() + " [" + record.thread() + "] " + record.logger()
						+ " : " + record.message())
				.reduce("", (a, b) -> a + b + "\n");
			// Spinners are not blocked: their carriers ran, or got what the operating system left them.
			assertThat(LogSamples.unmatched(headers, log, Map.of("holdCarrier", "burnCpuUntil", "(blocked)", "(...)")))
				.as("stall WARN seen: " + stallWarned)
				.isEmpty();
		}
	}

	private static boolean isContinuation(String line) {
		return line.startsWith("\t") || line.startsWith(" ") || line.startsWith("\"") || line.startsWith("...");
	}

	@Test
	@Order(2)
	void overloadLog() throws Exception {
		int over = count(EPISODE_OVER);
		assertThat(get(this.main, "/flood?tasks=300&ms=40").body()).isEqualTo("flooding 300");
		await().atMost(WAIT).until(() -> count(EPISODE_OVER) > over);
		assertThat(LogSamples.unmatched(DocFiles.sample(DOC, "watchdog-overload-log"), read(), Map.of())).isEmpty();
		// docs/troubleshooting.md names the line by its start.
		Matcher inline = Pattern.compile("one INFO line for the episode \\(`([^`]+)`\\)")
			.matcher(DocFiles.text("docs/troubleshooting.md").replaceAll("\\s+", " "));
		assertThat(inline.find()).as("troubleshooting's overload line").isTrue();
		assertThat(LogSamples.records(read()))
			.anyMatch((record) -> record.level().equals("INFO") && record.logger().equals("WatchdogLogger")
					&& LogSamples.messageMatches(inline.group(1), record.message()));
	}

	@Test
	@Order(3)
	@EnabledIf(TestJdk.SYNCHRONIZED_PINS)
	void compensationLogAndCarriers() throws Exception {
		assertThat(get(this.main, "/wait?threads=6&ms=4000").statusCode()).isEqualTo(200);
		await().atMost(WAIT).until(() -> read().contains("the carrier pool grew to"));
		JsonNode endpoint = json(get(this.management, "/actuator/virtualthreads"));
		assertThat(LogSamples.unmatched(DocFiles.sample(DOC, "watchdog-compensation-log"), read(), Map.of()))
			.isEmpty();
		assertThat(new JsonShape().optional("carriers.cpuPercent").differences(
				JsonShape.parseSample(DocFiles.sample(DOC, "watchdog-compensation-carriers")),
				endpoint.get("scheduler")))
			.as("<!-- sample: watchdog-compensation-carriers --> against " + endpoint.get("scheduler"))
			.isEmpty();
	}

	private int count(String text) throws IOException {
		String log = read();
		int count = 0;
		for (int i = log.indexOf(text); i >= 0; i = log.indexOf(text, i + 1)) {
			count++;
		}
		return count;
	}

	private int status(String path) throws Exception {
		return get(this.management, path).statusCode();
	}

	private HttpResponse<String> get(int port, String path) throws IOException, InterruptedException {
		return this.http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
			.timeout(Duration.ofSeconds(10))
			.build(), HttpResponse.BodyHandlers.ofString());
	}

	private static JsonNode json(HttpResponse<String> response) {
		return JsonShape.parse(response.body());
	}

	private int port(String name) throws IOException {
		Matcher matcher = Pattern.compile("^port " + name + "=(\\d+)$", Pattern.MULTILINE).matcher(read());
		return matcher.find() ? Integer.parseInt(matcher.group(1)) : -1;
	}

	private String read() throws IOException {
		return Files.exists(this.log) ? Files.readString(this.log, StandardCharsets.UTF_8) : "";
	}

}
