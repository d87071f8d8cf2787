package io.github.vtstarter.autoconfigure.actuate;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import io.github.vtstarter.pinning.TestJdk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Boot's exposure rules apply to the endpoint: not over HTTP unless included. (Over JMX when included there:
 * {@link VirtualThreadsEndpointJmxExposureTests}.) A top-level class each, not {@code @Nested} ones: surefire reports
 * an outer class of nested ones as a class of its own with "Tests run: 0".
 */
@SpringBootTest(classes = PinningTestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT)
@EnabledIf(TestJdk.VIRTUAL_THREADS)
class VirtualThreadsEndpointExposureTests {

	@LocalServerPort
	int port;

	@Test
	void notOnHttpByDefault() throws Exception {
		assertThat(status("/actuator/health")).isEqualTo(200);
		assertThat(status("/actuator/virtualthreads")).isEqualTo(404);
		assertThat(status("/actuator/virtualthreads/dump")).isEqualTo(404);
	}

	private int status(String path) throws Exception {
		return HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path)).build(),
					HttpResponse.BodyHandlers.discarding())
			.statusCode();
	}

}
