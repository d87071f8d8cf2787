package io.github.vtstarter.test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

/**
 * The example of docs/testing.md: a {@code @SpringBootTest(webEnvironment = RANDOM_PORT)} whose
 * request pins on Tomcat's virtual request thread, not on the test's thread, and fails the test.
 */
class ShouldNotPinSpringBootTests {

	@Test
	@EnabledIf(TestJdk.SYNCHRONIZED_PINS)
	void aRequestThatPinsOnTheServerFailsTheTestOnJava21() {
		Events tests = run();
		tests.assertStatistics((stats) -> stats.started(2).succeeded(1).failed(1));
		tests.assertThatEvents()
			.haveExactly(1, event(test("pricesAreQuotedWithoutPinning"), finishedWithFailure(message((text) -> text
				.startsWith("@ShouldNotPin: 1 virtual thread pinned its carrier during the test")
					&& text.contains("at io.github.vtstarter.test.ShouldNotPinSpringBootTests$PriceController.quote(line ")
					&& text.contains("org.apache.catalina")))));
	}

	@Test
	@EnabledIf(TestJdk.SYNCHRONIZED_DOES_NOT_PIN)
	void theSameRequestPassesFromJava24() {
		run().assertStatistics((stats) -> stats.started(2).succeeded(2));
	}

	private static Events run() {
		return EngineTestKit.engine("junit-jupiter").selectors(selectClass(PriceApiSample.class)).execute().testEvents();
	}

	@SpringBootTest(classes = PriceApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
			properties = "spring.threads.virtual.enabled=true")
	@ShouldNotPin
	static class PriceApiSample {

		@LocalServerPort
		int port;

		private final HttpClient http = HttpClient.newHttpClient();

		@Test
		void pricesAreQuotedWithoutPinning() throws Exception {
			assertThat(get("/price")).isEqualTo("42");
		}

		@Test
		void healthIsFine() throws Exception {
			assertThat(get("/health")).isEqualTo("ok");
		}

		private String get(String path) throws Exception {
			HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + this.port + path)).build();
			return this.http.send(request, HttpResponse.BodyHandlers.ofString()).body();
		}

	}

	@SpringBootConfiguration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	@Import(PriceController.class)
	static class PriceApplication {

	}

	@RestController
	static class PriceController {

		private final Object cacheLock = new Object();

		@GetMapping("/price")
		String quote() throws InterruptedException {
			synchronized (this.cacheLock) {
				Thread.sleep(50); // a slow price source, called under the cache's monitor
				return "42";
			}
		}

		@GetMapping("/health")
		String health() {
			return "ok";
		}

	}

}
