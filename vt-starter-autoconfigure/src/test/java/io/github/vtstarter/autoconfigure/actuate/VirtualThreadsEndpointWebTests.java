package io.github.vtstarter.autoconfigure.actuate;

import java.io.File;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.vtstarter.autoconfigure.BootVersion;
import io.github.vtstarter.pinning.Eventually;
import io.github.vtstarter.pinning.TestJdk;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * The endpoint over HTTP in a real application on the starter's Tomcat, with real requests that pin.
 */
@SpringBootTest(classes = PinningTestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "management.endpoints.web.exposure.include=virtualthreads,metrics" })
@EnabledIf(TestJdk.VIRTUAL_THREADS)
class VirtualThreadsEndpointWebTests {

	private static final Duration WAIT = Duration.ofSeconds(30);

	private final HttpClient http = HttpClient.newHttpClient();

	private final ObjectMapper json = new ObjectMapper();

	@LocalServerPort
	private int port;

	@Autowired
	private VirtualThreadsEndpoint endpoint;

	@Autowired
	private MeterRegistry meters;

	@Test
	void rootHasTheDocumentedShape() throws Exception {
		JsonNode body = getJson("/actuator/virtualthreads");
		assertThat(body.fieldNames()).toIterable()
			.containsExactly("enabled", "mode", "javaVersion", "springBootVersion", "executors", "listeners",
					"scheduler", "starvation", "pinning", "advice", "degraded");
		assertThat(body.get("degraded").isEmpty()).as("nothing of the starter switched itself off").isTrue();
		assertThat(body.get("enabled").asBoolean()).isTrue();
		boolean bootNative = BootVersion.current().hasNativeVirtualThreads();
		assertThat(body.get("mode").asText()).isEqualTo(bootNative ? "boot-native" : "backport");
		assertThat(body.get("javaVersion").asText()).startsWith(String.valueOf(TestJdk.feature()));
		// The starter's Tomcat executor, or Boot 3.2+'s, counted: this very request runs on a counted virtual thread.
		assertThat(body.get("executors").get("tomcat").fieldNames()).toIterable()
			.containsExactly("waiting", "live", "peak", "started", "completed", "failed");
		assertThat(body.get("executors").get("tomcat").get("live").asLong()).isGreaterThanOrEqualTo(1);
		assertThat(body.get("scheduler").get("parallelism")).isNotNull();
		JsonNode pinning = body.get("pinning");
		assertThat(pinning.get("available").asBoolean()).isTrue();
		assertThat(pinning.get("thresholdMs").asDouble()).isEqualTo(20.0);
		assertThat(pinning.has("total")).isTrue();
		assertThat(pinning.get("sites").isArray()).isTrue();
	}

	@Test
	@EnabledIf(TestJdk.SYNCHRONIZED_PINS)
	void synchronizedAroundSleepInARequestShowsAsAPinningSiteAndInTheTimer() throws Exception {
		assertThat(get("/test/synchronized?ms=80").statusCode()).isEqualTo(200);
		String method = PinningTestApplication.PinningTestController.class.getName() + ".sleepInsideSynchronized(line ";
		Eventually.await(WAIT, () -> sitesJson().toString().contains(method));
		JsonNode site = siteContaining(method);
		assertThat(site.get("count").asLong()).isGreaterThanOrEqualTo(1);
		// a pinned sleep can be reported in pieces (the carrier's park may wake early and park again), each over the threshold
		assertThat(site.get("maxMs").asDouble()).isGreaterThanOrEqualTo(20);
		assertThat(site.get("totalMs").asDouble()).isGreaterThanOrEqualTo(site.get("maxMs").asDouble());
		assertThat(site.get("location").asText()).startsWith(method);
		JsonNode pinned = getJson("/actuator/virtualthreads/pinned");
		assertThat(pinned.get("events").toString()).contains(method).contains("tomcat-handler-");
		JsonNode event = pinned.get("events").get(0);
		assertThat(event.fieldNames()).toIterable().contains("time", "durationMs", "thread", "location", "frames");
		assertThat(this.meters.get("jvm.threads.virtual.pinned").timer().count()).isGreaterThanOrEqualTo(1);
		JsonNode metric = getJson("/actuator/metrics/jvm.threads.virtual.pinned");
		assertThat(metric.get("measurements").get(0).get("value").asDouble()).isGreaterThanOrEqualTo(1);
	}

	@Test
	@EnabledIf(TestJdk.SYNCHRONIZED_DOES_NOT_PIN)
	void onJdk24AndLaterSynchronizedNoLongerPinsButAClassInitializerDoes() throws Exception {
		assertThat(get("/test/synchronized?ms=80").statusCode()).isEqualTo(200);
		assertThat(get("/test/class-init").statusCode()).isEqualTo(200);
		String clinit = PinningTestApplication.SlowClassInitializer.class.getName() + ".<clinit>";
		Eventually.await(WAIT, () -> sitesJson().toString().contains(clinit));
		assertThat(sitesJson().toString()).doesNotContain("sleepInsideSynchronized");
		assertThat(this.meters.get("jvm.threads.virtual.pinned").timer().count()).isGreaterThanOrEqualTo(1);
		assertThat(getJson("/actuator/virtualthreads/pinned").get("events").toString()).contains(clinit);
	}

	@Test
	void liveCountsRiseUnderConcurrentRequestsAndReturnToZero() throws Exception {
		assumeFalse(BootVersion.current().hasNativeVirtualThreads(), "Boot's own Tomcat executor is not counted");
		int requests = 20;
		PinningTestApplication.PinningTestController.release = new CountDownLatch(1);
		List<CompletableFuture<HttpResponse<String>>> responses = new ArrayList<>();
		try {
			for (int i = 0; i < requests; i++) {
				responses.add(this.http.sendAsync(request("/test/hold"), HttpResponse.BodyHandlers.ofString()));
			}
			Eventually.await(WAIT, () -> tomcat().get("live") >= requests);
			assertThat(this.meters.get("executor.active").tag("name", "tomcat").gauge().value())
				.isGreaterThanOrEqualTo(requests);
		}
		finally {
			PinningTestApplication.PinningTestController.release.countDown();
		}
		for (CompletableFuture<HttpResponse<String>> response : responses) {
			assertThat(response.get().statusCode()).isEqualTo(200);
		}
		Eventually.await(WAIT, () -> tomcat().get("live") == 0);
		assertThat(tomcat().get("peak")).isGreaterThanOrEqualTo(requests);
		assertThat(this.meters.get("executor.active").tag("name", "tomcat").gauge().value()).isZero();
	}

	@Test
	void dumpIncludesVirtualThreadsAndLeavesNoFileBehind() throws Exception {
		File tmp = new File(System.getProperty("java.io.tmpdir"));
		List<String> before = dumpDirectories(tmp);
		HttpResponse<String> response = get("/actuator/virtualthreads/dump");
		assertThat(response.statusCode()).isEqualTo(200);
		JsonNode dump = this.json.readTree(response.body());
		assertThat(dump.has("threadDump")).isTrue();
		// the request that asked for the dump runs on a virtual thread, so the dump has at least that one
		assertThat(response.body()).contains("tomcat-handler-");
		assertThat(dumpDirectories(tmp)).isEqualTo(before);
	}

	@Test
	void unknownDetailIsNotFound() throws Exception {
		assertThat(get("/actuator/virtualthreads/nothing").statusCode()).isEqualTo(404);
	}

	@SuppressWarnings("unchecked")
	private Map<String, Long> tomcat() {
		Map<String, Object> executors = (Map<String, Object>) this.endpoint.virtualThreads().get("executors");
		return (Map<String, Long>) executors.get("tomcat");
	}

	private JsonNode siteContaining(String frame) throws Exception {
		for (JsonNode site : sitesJson()) {
			if (site.get("frames").toString().contains(frame)) {
				return site;
			}
		}
		throw new AssertionError("No site with " + frame);
	}

	private JsonNode sitesJson() throws Exception {
		return getJson("/actuator/virtualthreads").get("pinning").get("sites");
	}

	private static List<String> dumpDirectories(File tmp) {
		String[] names = tmp.list((dir, name) -> name.startsWith("vtstarter-dump"));
		return (names != null) ? List.of(names) : List.of();
	}

	private JsonNode getJson(String path) throws Exception {
		HttpResponse<String> response = get(path);
		assertThat(response.statusCode()).as(path + ": " + response.body()).isEqualTo(200);
		return this.json.readTree(response.body());
	}

	private HttpResponse<String> get(String path) throws Exception {
		return this.http.send(request(path), HttpResponse.BodyHandlers.ofString());
	}

	private HttpRequest request(String path) {
		return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path)).build();
	}

}
