package com.acme.boot4;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.json.JsonParserFactory;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Starvation on Boot 4, as an operator sees it: every carrier of the virtual-thread scheduler busy with
 * virtual threads that never yield (CPU-bound loops starve it on every Java, pinned or not). The management server,
 * on its own port, stays on platform threads and answers throughout: {@code virtualThreads} is {@code DOWN} (503)
 * in Boot 4's health endpoint while starved, naming the culprit frame, and {@code UP} once the loops end.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "server.address=127.0.0.1", "management.server.port=0", "management.server.address=127.0.0.1",
				"management.endpoint.health.show-details=always", "vtstarter.watchdog.probe-interval=200ms",
				"vtstarter.watchdog.lag-threshold=1s", "vtstarter.watchdog.starvation-threshold=2s" })
@EnabledForJreRange(min = JRE.JAVA_21)
class Boot4StarvationTests {

	private static final Duration WAIT = Duration.ofSeconds(90);

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	@Value("${local.management.port}")
	private int managementPort;

	@Test
	void healthIsDownOnTheManagementPortWhileEveryCarrierIsBusyAndUpAfter() throws Exception {
		String health = "http://127.0.0.1:" + this.managementPort + "/actuator/health";
		await().atMost(WAIT).until(() -> get(health).statusCode() == 200);

		// 30 s: a carrier that got only part of a CPU proves a stall once it has run for the lag threshold (1 s of
		// CPU), and on a loaded machine (CI runs three lanes on two cores) a spinner gets 10 to 20% of a CPU.
		List<Thread> spinners = occupyEveryCarrier(Duration.ofSeconds(30));
		await().atMost(WAIT).pollInterval(Duration.ofMillis(200)).until(() -> get(health).statusCode() == 503);
		Map<String, Object> down = components(get(health));
		assertThat(down.get("status")).isEqualTo("DOWN");
		assertThat(String.valueOf(map(down.get("details")).get("culprits"))).contains("spinUntil");
		for (Thread spinner : spinners) {
			spinner.join(WAIT.toMillis());
		}

		await().atMost(WAIT).pollInterval(Duration.ofMillis(200)).until(() -> get(health).statusCode() == 200);
		Map<String, Object> up = components(get(health));
		assertThat(up.get("status")).isEqualTo("UP");
		assertThat(((Number) map(up.get("details")).get("starvationEpisodes")).intValue()).isGreaterThanOrEqualTo(1);
	}

	/** As many never-yielding virtual threads as the scheduler has carriers (its parallelism). */
	private static List<Thread> occupyEveryCarrier(Duration duration) throws ReflectiveOperationException {
		int parallelism = Integer.getInteger("jdk.virtualThreadScheduler.parallelism",
				Runtime.getRuntime().availableProcessors());
		long end = System.nanoTime() + duration.toNanos();
		List<Thread> spinners = new ArrayList<>();
		for (int i = 0; i < parallelism; i++) {
			spinners.add(startVirtualThread("spinner-" + i, () -> spinUntil(end)));
		}
		return spinners;
	}

	// Thread.ofVirtual() by reflection: this project compiles for Java 17, where the test is skipped.
	private static Thread startVirtualThread(String name, Runnable task) throws ReflectiveOperationException {
		Class<?> builder = Class.forName("java.lang.Thread$Builder");
		Object virtual = Thread.class.getMethod("ofVirtual").invoke(null);
		virtual = builder.getMethod("name", String.class).invoke(virtual, name);
		return (Thread) builder.getMethod("start", Runnable.class).invoke(virtual, task);
	}

	private static void spinUntil(long end) {
		while (System.nanoTime() < end) {
			Thread.onSpinWait();
		}
	}

	private Map<String, Object> components(HttpResponse<String> response) {
		Map<String, Object> body = JsonParserFactory.getJsonParser().parseMap(response.body());
		return map(map(body.get("components")).get("virtualThreads"));
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> map(Object value) {
		return (Map<String, Object>) value;
	}

	private HttpResponse<String> get(String url) throws Exception {
		return this.http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).build(),
				HttpResponse.BodyHandlers.ofString());
	}

}
