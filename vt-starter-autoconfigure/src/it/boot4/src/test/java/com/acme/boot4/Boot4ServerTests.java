package com.acme.boot4;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.search.Search;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.json.JsonParserFactory;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What vt-starter adds on Boot 4, seen as a user sees it on a real server (Tomcat, or Jetty 12 with
 * {@code -Pjetty}): Boot's own virtual-thread executors counted in {@code /actuator/virtualthreads} and in the
 * {@code executor.*} meters, the pinning meters registered once, {@code /pinned} and {@code /dump}, a real
 * pinning event captured, and keep-alive. On Java 17 the application runs on platform threads and the starter
 * says so.
 */
// Boot answers /actuator/health/{component} only when components are shown.
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "server.address=127.0.0.1", "management.endpoint.health.show-components=always" })
class Boot4ServerTests {

	private static final boolean JAVA_21 = Runtime.version().feature() >= 21;

	private static final boolean JETTY = !ClassUtils.isPresent("org.apache.catalina.startup.Tomcat", null);

	private static final String SERVER = JETTY ? "jetty" : "tomcat";

	private static final Duration WAIT = Duration.ofSeconds(30);

	private final HttpClient http = HttpClient.newHttpClient();

	@LocalServerPort
	private int port;

	@Autowired
	private MeterRegistry meters;

	@Autowired
	private ApplicationContext context;

	@Test
	void bootsNativeSupportIsOnAndTheEndpointSaysSo() throws Exception {
		assertThat(SpringBootVersion.getVersion()).startsWith("4.");
		Map<String, Object> body = getJson("/actuator/virtualthreads");
		assertThat(body.get("mode")).isEqualTo(JAVA_21 ? "boot-native" : "unsupported-jvm");
		assertThat(body.get("degraded")).isEqualTo(Map.of());
		if (JAVA_21) {
			assertThat(this.context.getEnvironment().getProperty("spring.threads.virtual.enabled")).isEqualTo("true");
			assertThat(this.context.getBeanNamesForType(
					ClassUtils.resolveClassName("io.github.vtstarter.autoconfigure.keepalive.KeepAliveThread", null)))
				.hasSize(1);
		}
	}

	@Test
	void requestsRunOnBootsVirtualThreadsAndAreCounted() throws Exception {
		String thread = get("/thread");
		if (!JAVA_21) {
			assertThat(thread).startsWith("Thread[");
			return;
		}
		assertThat(thread).startsWith("VirtualThread[").contains(JETTY ? "jetty-" : "tomcat-handler-");
		assertThat(count(SERVER, "started")).isGreaterThanOrEqualTo(1);
		assertThat(this.meters.find("executor.completed").tag("name", SERVER).functionCounter()).isNotNull();
		assertThat(this.meters.find("executor.active").tag("name", SERVER).gauge()).isNotNull();
	}

	@Test
	void asyncAndScheduledMethodsRunOnBootsVirtualThreadsAndAreCounted() throws Exception {
		String async = get("/async-thread");
		await().atMost(WAIT).until(() -> Boot4Application.lastScheduledRun.get() != null);
		String scheduled = Boot4Application.lastScheduledRun.get();
		assertThat(async).contains("task-");
		assertThat(scheduled).contains("scheduling-");
		assertThat(async.startsWith("VirtualThread[")).isEqualTo(JAVA_21);
		assertThat(scheduled.startsWith("VirtualThread[")).isEqualTo(JAVA_21);
		if (JAVA_21) {
			await().atMost(WAIT).until(() -> count("applicationTaskExecutor", "completed") >= 1
					&& count("taskScheduler", "completed") >= 1);
			assertThat(this.meters.find("executor.completed").tag("name", "taskScheduler").functionCounter())
				.isNotNull();
			assertThat(this.meters.find("executor.completed").tag("name", "applicationTaskExecutor").functionCounter())
				.isNotNull();
		}
	}

	@Test
	void pinningMetersAreRegisteredOnceWhoeverBindsThem() {
		if (!JAVA_21) {
			return;
		}
		// Micrometer's VirtualThreadMetrics (with -Pjetty, which adds micrometer-java21) or the starter's binder.
		assertThat(Search.in(this.meters).name("jvm.threads.virtual.pinned").meters()).hasSize(1);
		assertThat(Search.in(this.meters).name("jvm.threads.virtual.submit.failed").meters()).hasSize(1);
	}

	@Test
	void aRealPinningEventIsCaughtAndShown() throws Exception {
		if (!JAVA_21) {
			return;
		}
		// synchronized pins on Java 21 to 23; a class initializer pins on every Java.
		// The monitor starts its JFR recording in the background after the context: a pin before it runs is not seen.
		await().atMost(WAIT).until(() -> Boolean.TRUE.equals(pinning().get("available")));
		// Micrometer's VirtualThreadMetrics (with -Pjetty) records from its creation, before the monitor: a class
		// that loads slowly on an earlier request can pin where only Micrometer sees it. Compare what each counts
		// from here on, once neither count moves.
		long[] before = pinningCountsAtRest();
		String path = (Runtime.version().feature() < 24) ? "/pin/synchronized" : "/pin/class-init";
		String method = (Runtime.version().feature() < 24) ? "sleepInsideSynchronized" : "SlowClassInitializer";
		List<CompletableFuture<HttpResponse<String>>> requests = new ArrayList<>();
		for (int i = 0; i < 4; i++) {
			requests.add(this.http.sendAsync(request(path), HttpResponse.BodyHandlers.ofString()));
		}
		for (CompletableFuture<HttpResponse<String>> response : requests) {
			assertThat(response.get().statusCode()).isEqualTo(200);
		}
		await().atMost(WAIT).until(() -> {
			Map<String, Object> pinning = pinning();
			return ((Number) pinning.get("total")).longValue() >= 1 && String.valueOf(pinning.get("sites")).contains(method);
		});
		// Each event is counted once in the timer, whichever binder registered it: never by both.
		await().atMost(WAIT).until(() -> {
			long timed = pinnedTimerCount() - before[0];
			return timed >= 1 && timed == pinningTotal() - before[1];
		});
		Map<String, Object> pinned = getJson("/actuator/virtualthreads/pinned");
		assertThat(pinned.get("available")).isEqualTo(true);
		assertThat(String.valueOf(pinned.get("events"))).contains(method);
	}

	@Test
	void theVirtualThreadsHealthIndicatorIsInBootsHealthEndpoint() throws Exception {
		HttpResponse<String> response = this.http.send(request("/actuator/health/virtualThreads"),
				HttpResponse.BodyHandlers.ofString());
		if (!JAVA_21) {
			// No virtual threads, no scheduler to watch: no indicator.
			assertThat(response.statusCode()).isEqualTo(404);
			return;
		}
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(JsonParserFactory.getJsonParser().parseMap(response.body()).get("status")).isEqualTo("UP");
	}

	@Test
	void theDumpIncludesVirtualThreads() throws Exception {
		Map<String, Object> dump = getJson("/actuator/virtualthreads/dump");
		if (!JAVA_21) {
			assertThat(dump.get("available")).isEqualTo(false);
			return;
		}
		assertThat(dump).containsKey("threadDump");
	}

	/**
	 * The pinned timer's count and the monitor's total, once neither has moved for two seconds: a JFR stream
	 * delivers an event within about a second of its commit.
	 * @return the timer's count, then the monitor's total
	 */
	private long[] pinningCountsAtRest() {
		AtomicReference<long[]> last = new AtomicReference<>(new long[] { -1, -1 });
		await().atMost(WAIT).pollInterval(Duration.ofSeconds(2)).until(() -> {
			long[] now = { pinnedTimerCount(), pinningTotal() };
			return Arrays.equals(now, last.getAndSet(now));
		});
		return last.get();
	}

	private long pinnedTimerCount() {
		return this.meters.find("jvm.threads.virtual.pinned").timer().count();
	}

	private long pinningTotal() throws Exception {
		return ((Number) pinning().get("total")).longValue();
	}

	private Map<String, Object> pinning() throws Exception {
		return map(getJson("/actuator/virtualthreads").get("pinning"));
	}

	private long count(String executor, String counter) throws Exception {
		Map<String, Object> stats = executor(executor);
		return (stats != null) ? ((Number) stats.get(counter)).longValue() : 0;
	}

	private Map<String, Object> executor(String name) throws Exception {
		Map<String, Object> executors = map(getJson("/actuator/virtualthreads").get("executors"));
		return map(executors.get(name));
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> map(Object value) {
		return (Map<String, Object>) value;
	}

	private Map<String, Object> getJson(String path) throws Exception {
		return JsonParserFactory.getJsonParser().parseMap(get(path));
	}

	private String get(String path) throws Exception {
		HttpResponse<String> response = this.http.send(request(path), HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).as(path).isEqualTo(200);
		return response.body();
	}

	private HttpRequest request(String path) {
		return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path)).timeout(WAIT).build();
	}

}
