package io.github.vtstarter.autoconfigure.watchdog;

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
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.vtstarter.pinning.TestJdk;
import io.github.vtstarter.testsupport.ChildJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The watchdog's verdicts for real, in a JVM with two carriers ({@code -Djdk.virtualThreadScheduler.parallelism=2},
 * {@code maxPoolSize=2}), read as an operator reads them: the management server on its own port and platform
 * threads, the log.
 * <ul>
 * <li>every carrier pinned (JDK 21-23) or busy with CPU-bound code (every JDK): health {@code DOWN} (503) with the
 * culprit, {@code UP} after, one ERROR naming the culprit frame;</li>
 * <li>a flood of CPU work that keeps completing, with probes waiting past the starvation threshold: overload, never
 * starvation; health stays {@code UP}; one INFO line, no WARN or ERROR, one summary when it is over.</li>
 * </ul>
 */
@EnabledIf(TestJdk.VIRTUAL_THREADS)
class StarvationProcessTests {

	private static final Duration WAIT = Duration.ofSeconds(120);

	private static final Pattern APPLICATION_LOGGER = Pattern.compile("\\] \\S*StarvationApp\\s+:");

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private final ObjectMapper json = new ObjectMapper();

	@TempDir
	Path temp;

	@Test
	@EnabledIf(TestJdk.SYNCHRONIZED_PINS)
	void healthGoesDownWhileEveryCarrierIsPinnedAndUpAfter() throws Exception {
		starvesThenRecovers("/pin?threads=2&ms=8000", "StarvationApp$PinController.holdCarrier");
	}

	@Test
	void healthGoesDownWhileEveryCarrierComputesAndUpAfter() throws Exception {
		// 30 s: a spinner proves a stall once it has run for the lag threshold, and on a loaded machine (CI, other
		// builds) it gets a fraction of a CPU, so that takes longer than 1 s of wall time (some 15 s at a load of 30
		// on 2 cores).
		starvesThenRecovers("/spin?threads=2&ms=30000", "StarvationApp$PinController.burnCpuUntil");
	}

	@Test
	void overloadThatKeepsCompletingWorkIsNeverStarvation() throws Exception {
		Path log = this.temp.resolve("app.log");
		Process process = start(log);
		try {
			App app = started(log);
			// 300 tasks of 40 ms on 2 carriers: a run queue about 6 s long, three times the starvation threshold.
			assertThat(get(app.url("/flood?tasks=300&ms=40")).body()).isEqualTo("flooding 300");
			List<Integer> statuses = new ArrayList<>();
			// Watch health until the episode has ended (its summary is the witness that the flood is over).
			await().atMost(WAIT).pollInterval(Duration.ofMillis(200)).until(() -> {
				statuses.add(get(app.health()).statusCode());
				return read(log).contains("the scheduling-lag episode is over");
			});
			assertThat(statuses).as("health while overloaded").isNotEmpty().containsOnly(200);
			JsonNode endpoint = this.json.readTree(get(app.management("/actuator/virtualthreads")).body());
			assertThat(endpoint.at("/scheduler/lag/maxMs").asDouble())
				.as("probes waited past the starvation threshold: a lag-only watchdog would have gone DOWN")
				.isGreaterThan(endpoint.at("/starvation/thresholdMs").asDouble());
			assertThat(endpoint.at("/starvation/episodes").asInt()).isZero();
			assertThat(endpoint.at("/scheduler/episodes/overload").asInt()).isEqualTo(1);
			assertThat(endpoint.at("/scheduler/episodes/last/worst").asText()).isEqualTo("OVERLOAD");
			String output = read(log);
			assertThat(starterLines(output, "WARN")).as("WARN lines of vt-starter").isEmpty();
			assertThat(starterLines(output, "ERROR")).as("ERROR lines of vt-starter").isEmpty();
			assertThat(starterLines(output, "INFO")).filteredOn((line) -> line.contains("overload:")).hasSize(1);
		}
		finally {
			stop(process);
		}
	}

	private void starvesThenRecovers(String hold, String culprit) throws Exception {
		Path log = this.temp.resolve("app.log");
		Process process = start(log);
		try {
			App app = started(log);
			assertThat(get(app.url(hold)).statusCode()).isEqualTo(200);

			await().atMost(WAIT).pollInterval(Duration.ofMillis(200)).until(() -> get(app.health()).statusCode() == 503);
			JsonNode down = this.json.readTree(get(app.health()).body());
			assertThat(down.at("/status").asText()).isEqualTo("DOWN");
			assertThat(down.at("/components/virtualThreads/status").asText()).isEqualTo("DOWN");
			assertThat(down.at("/components/virtualThreads/details/state").asText()).isEqualTo("STARVED");
			assertThat(down.at("/components/virtualThreads/details/culprits").toString()).contains(culprit);
			JsonNode endpoint = this.json.readTree(get(app.management("/actuator/virtualthreads")).body());
			assertThat(endpoint.at("/starvation/detected").asBoolean()).isTrue();
			assertThat(endpoint.at("/starvation/lastEvidence").toString()).contains(culprit);
			assertThat(endpoint.at("/scheduler/carriers/parallelism").asInt()).isEqualTo(2);

			await().atMost(WAIT).pollInterval(Duration.ofMillis(200)).until(() -> get(app.health()).statusCode() == 200);
			JsonNode up = this.json.readTree(get(app.health()).body());
			assertThat(up.at("/components/virtualThreads/status").asText()).isEqualTo("UP");
			assertThat(up.at("/components/virtualThreads/details/starvationEpisodes").asInt()).isEqualTo(1);
			assertThat(get(app.url("/pin?threads=0&ms=0")).statusCode()).as("the main port serves again")
				.isEqualTo(200);
			String output = read(log);
			assertThat(starterLines(output, "ERROR")).singleElement()
				.asString()
				.contains("made no progress since")
				.contains("Culprit frames: io.github.vtstarter.autoconfigure.watchdog." + culprit);
			assertThat(output).contains("runs again after");
		}
		finally {
			stop(process);
		}
	}

	// The lines logged by the starter at a level: its loggers are io.github.vtstarter.* (i.g.v.* in Boot's console
	// pattern) and its messages start with "vt-starter:"; the test application's own logger is left out.
	private static List<String> starterLines(String output, String level) {
		return output.lines()
			.filter((line) -> line.contains(" " + level + " ") && !APPLICATION_LOGGER.matcher(line).find()
					&& (line.contains("vt-starter:") || line.contains(" i.g.v.")))
			.toList();
	}

	private App started(Path log) throws Exception {
		await().atMost(WAIT).until(() -> port(log, "management") > 0 && port(log, "main") > 0);
		App app = new App(port(log, "main"), port(log, "management"));
		await().atMost(WAIT).until(() -> get(app.health()).statusCode() == 200);
		return app;
	}

	private HttpResponse<String> get(String url) throws IOException, InterruptedException {
		return this.http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).build(),
				HttpResponse.BodyHandlers.ofString());
	}

	private Process start(Path log) throws IOException {
		return ChildJvm.start(log,
				List.of("-Djdk.virtualThreadScheduler.parallelism=2", "-Djdk.virtualThreadScheduler.maxPoolSize=2"),
				StarvationApp.class, "--spring.main.banner-mode=off", "--server.port=0",
				"--server.address=127.0.0.1", "--management.server.port=0", "--management.server.address=127.0.0.1",
				"--management.endpoints.web.exposure.include=health,virtualthreads",
				"--management.endpoint.health.show-details=always", "--spring.threads.virtual.enabled=true",
				"--vtstarter.watchdog.probe-interval=200ms", "--vtstarter.watchdog.lag-threshold=1s",
				"--vtstarter.watchdog.starvation-threshold=2s", "--vtstarter.watchdog.quiet-period=2s",
				// The test class path holds an old HikariCP on purpose (for the doctor's tests): not this test's matter.
				"--vtstarter.doctor.enabled=false");
	}

	private static void stop(Process process) throws InterruptedException {
		process.destroy();
		process.waitFor(30, TimeUnit.SECONDS);
	}

	private static int port(Path log, String name) throws IOException {
		Matcher matcher = Pattern.compile("^port " + name + "=(\\d+)$", Pattern.MULTILINE).matcher(read(log));
		return matcher.find() ? Integer.parseInt(matcher.group(1)) : -1;
	}

	private static String read(Path log) throws IOException {
		return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
	}

	private record App(int main, int managementPort) {

		String url(String path) {
			return "http://127.0.0.1:" + this.main + path;
		}

		String management(String path) {
			return "http://127.0.0.1:" + this.managementPort + path;
		}

		String health() {
			return management("/actuator/health");
		}

	}

}
