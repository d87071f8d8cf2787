package com.acme.quotes;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import io.github.vtstarter.test.ShouldNotPin;
import io.github.vtstarter.test.ShouldPin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * @ShouldNotPin and @ShouldPin around requests served on the virtual request threads Boot gives this application
 * (spring.threads.virtual.enabled=true), without vt-starter. currenciesAreListedWithoutPinning fails on every Java,
 * on purpose: CurrencyTable's class initializer sleeps on the request thread.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class PinningAnnotationsTest {

	@Value("${local.server.port}")
	int port;

	private final HttpClient http = HttpClient.newHttpClient();

	@Test
	@ShouldNotPin
	void quotesAreServedWithoutPinning() throws Exception {
		assertThat(get("/quote")).isEqualTo("ACME 42.00");
	}

	@Test
	@ShouldPin
	void aSlowClassInitializerPinsOnEveryJava() throws Exception {
		assertThat(get("/rates")).isEqualTo("1.08");
	}

	@Test
	@ShouldPin
	@EnabledIf("synchronizedPins")
	void theLegacyCachePinsOnJava21To23() throws Exception {
		assertThat(get("/legacy-quote")).isEqualTo("ACME 41.00");
	}

	@Test
	@ShouldNotPin
	@EnabledIf("synchronizedDoesNotPin")
	void theLegacyCacheNoLongerPinsFromJava24() throws Exception {
		assertThat(get("/legacy-quote")).isEqualTo("ACME 41.00");
	}

	@Test
	@ShouldNotPin
	void currenciesAreListedWithoutPinning() throws Exception {
		assertThat(get("/currencies")).isEqualTo("EUR,USD");
	}

	static boolean synchronizedPins() {
		return Runtime.version().feature() < 24;
	}

	static boolean synchronizedDoesNotPin() {
		return !synchronizedPins();
	}

	private String get(String path) throws Exception {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + this.port + path)).build();
		HttpResponse<String> response = this.http.send(request, HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).isEqualTo(200);
		return response.body();
	}

}
