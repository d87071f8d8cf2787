package io.github.vtstarter.sample.experiments;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import org.springframework.core.env.Environment;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The outbound-call shape: each request calls a slow HTTP endpoint and waits for its answer. By default the
 * slow endpoint is this application's own {@code /sleep} on 127.0.0.1 ({@code vtbench.outbound.base-url}
 * points elsewhere).
 */
@RestController
public class OutboundController {

	private final HttpClient client = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(Duration.ofSeconds(5))
		.build();

	private final Environment environment;

	public OutboundController(Environment environment) {
		this.environment = environment;
	}

	@GetMapping("/outbound")
	public String outbound(@RequestParam(defaultValue = "100") long ms) throws IOException, InterruptedException {
		String base = this.environment.getProperty("vtbench.outbound.base-url",
				"http://127.0.0.1:" + this.environment.getProperty("local.server.port", "8080"));
		HttpRequest request = HttpRequest.newBuilder(URI.create(base + "/sleep?ms=" + ms))
			.timeout(Duration.ofSeconds(30))
			.build();
		HttpResponse<String> response = this.client.send(request, HttpResponse.BodyHandlers.ofString());
		return Experiments.describe(Thread.currentThread(), "status:" + response.statusCode());
	}

}
