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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Starvation for real: a JVM with two carriers ({@code -Djdk.virtualThreadScheduler.parallelism=2},
 * {@code maxPoolSize=2}), both pinned by virtual threads sleeping inside {@code synchronized} (JDK 21-23). The
 * management server, on its own port and platform threads, answers throughout: health {@code DOWN} (503) with
 * the culprit while starved, {@code UP} after; the ERROR names the culprit frame.
 */
@EnabledIf(TestJdk.SYNCHRONIZED_PINS)
class StarvationProcessTests {

	private static final Duration WAIT = Duration.ofSeconds(60);

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private final ObjectMapper json = new ObjectMapper();

	@TempDir
	Path temp;

	@Test
	void healthGoesDownWhileEveryCarrierIsPinnedAndUpAfterOnTheManagementPort() throws Exception {
		Path log = this.temp.resolve("app.log");
		Process process = start(log);
		try {
			await().atMost(WAIT).until(() -> port(log, "management") > 0 && port(log, "main") > 0);
			int main = port(log, "main");
			int management = port(log, "management");
			String health = "http://127.0.0.1:" + management + "/actuator/health";
			await().atMost(WAIT).until(() -> get(health).statusCode() == 200);

			HttpResponse<String> pinned = get("http://127.0.0.1:" + main + "/pin?threads=2&ms=8000");
			assertThat(pinned.body()).isEqualTo("pinning 2");

			await().atMost(WAIT).pollInterval(Duration.ofMillis(200)).until(() -> get(health).statusCode() == 503);
			JsonNode down = this.json.readTree(get(health).body());
			assertThat(down.at("/status").asText()).isEqualTo("DOWN");
			assertThat(down.at("/components/virtualThreads/status").asText()).isEqualTo("DOWN");
			assertThat(down.at("/components/virtualThreads/details/culprits").toString())
				.contains("StarvationApp$PinController.holdCarrier");
			JsonNode endpoint = this.json
				.readTree(get("http://127.0.0.1:" + management + "/actuator/virtualthreads").body());
			assertThat(endpoint.at("/starvation/detected").asBoolean()).isTrue();
			assertThat(endpoint.at("/starvation/lastEvidence").toString()).contains("holdCarrier");
			assertThat(endpoint.at("/scheduler/carriers/parallelism").asInt()).isEqualTo(2);

			await().atMost(WAIT).pollInterval(Duration.ofMillis(200)).until(() -> get(health).statusCode() == 200);
			JsonNode up = this.json.readTree(get(health).body());
			assertThat(up.at("/components/virtualThreads/status").asText()).isEqualTo("UP");
			assertThat(up.at("/components/virtualThreads/details/starvationEpisodes").asInt()).isEqualTo(1);
			assertThat(get("http://127.0.0.1:" + main + "/pin?threads=0&ms=0").statusCode())
				.as("the main port serves again").isEqualTo(200);
			String output = read(log);
			assertThat(output).contains("ERROR").contains("made no progress since")
				.contains("Culprit frames: io.github.vtstarter.autoconfigure.watchdog.StarvationApp$PinController.holdCarrier")
				.contains("runs again after");
		}
		finally {
			process.destroy();
			process.waitFor(30, TimeUnit.SECONDS);
		}
	}

	private HttpResponse<String> get(String url) throws IOException, InterruptedException {
		return this.http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).build(),
				HttpResponse.BodyHandlers.ofString());
	}

	private Process start(Path log) throws IOException {
		String java = ProcessHandle.current().info().command().orElseThrow();
		List<String> command = new ArrayList<>(List.of(java, "-Djdk.virtualThreadScheduler.parallelism=2",
				"-Djdk.virtualThreadScheduler.maxPoolSize=2", "-cp", System.getProperty("java.class.path"),
				StarvationApp.class.getName(), "--spring.main.banner-mode=off", "--server.port=0",
				"--server.address=127.0.0.1", "--management.server.port=0", "--management.server.address=127.0.0.1",
				"--management.endpoints.web.exposure.include=health,virtualthreads",
				"--management.endpoint.health.show-details=always", "--spring.threads.virtual.enabled=true",
				"--vtstarter.scheduler.probe-interval=200ms", "--vtstarter.scheduler.lag-warning-threshold=1s",
				"--vtstarter.scheduler.starvation-threshold=2s"));
		return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
	}

	private static int port(Path log, String name) throws IOException {
		Matcher matcher = Pattern.compile("^port " + name + "=(\\d+)$", Pattern.MULTILINE).matcher(read(log));
		return matcher.find() ? Integer.parseInt(matcher.group(1)) : -1;
	}

	private static String read(Path log) throws IOException {
		return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
	}

}
