package io.github.vtstarter.autoconfigure.docs;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.vtstarter.pinning.TestJdk;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Timer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The meters of docs/observability.md (its table, its {@code GET /actuator/metrics/...} samples) and of the README
 * against the {@code MeterRegistry} of a real application after the sample app's requests: every documented meter
 * exists with the documented type, base unit and tags, every meter of the starter's names is documented, and the
 * samples have the shape, name, description, unit and statistics of the real answers.
 */
@SpringBootTest(classes = DocsSampleApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "management.endpoints.web.exposure.include=health,info,virtualthreads,metrics",
				"management.endpoint.health.show-details=always" })
@EnabledIf(TestJdk.VIRTUAL_THREADS)
class DocsMetersTests {

	private static final String DOC = "docs/observability.md";

	private static final Pattern TAG_VALUES = Pattern.compile("`(\\w+)` = (.*)");

	private final HttpClient http = HttpClient.newHttpClient();

	@LocalServerPort
	private int port;

	@Autowired
	private MeterRegistry registry;

	@BeforeEach
	void pinAsTheSampleAppDoes() throws Exception {
		String pin = TestJdk.synchronizedPins() ? "/pinning/synchronized?ms=100" : "/pinning/fake?ms=100";
		if (this.registry.find("jvm.threads.virtual.pinned").timer() == null
				|| this.registry.find("jvm.threads.virtual.pinned").timer().count() < 3) {
			for (int i = 0; i < 3; i++) {
				get(pin);
			}
			get("/pinning/lock?ms=100");
		}
		await().atMost(Duration.ofSeconds(60))
			.until(() -> this.registry.find("jvm.threads.virtual.pinned").timer() != null
					&& this.registry.find("jvm.threads.virtual.pinned").timer().count() >= 3);
	}

	@Test
	void everyDocumentedMeterExistsWithItsTypeUnitAndTags() {
		List<String> wrong = new ArrayList<>();
		for (List<String> row : DocFiles.table(DOC, "Meters", "Meter", "Type", "Tags", "Value")) {
			String name = DocFiles.codeSpans(row.get(0)).get(0);
			java.util.Collection<Meter> meters = this.registry.find(name).meters();
			if (meters.isEmpty()) {
				wrong.add(name + ": documented, not registered");
				continue;
			}
			String type = row.get(1);
			Class<?> expected = type.startsWith("function counter") ? FunctionCounter.class
					: type.startsWith("counter") ? Counter.class : type.startsWith("timer") ? Timer.class
							: type.startsWith("gauge") ? Gauge.class : null;
			Matcher unit = Pattern.compile("\\((\\w+)\\)").matcher(type);
			Map<String, Set<String>> tags = tags(row.get(2));
			Map<String, Set<String>> actualTags = new LinkedHashMap<>();
			for (Meter meter : meters) {
				if (expected == null || !expected.isInstance(meter)) {
					wrong.add(name + ": documented as " + type + ", registered as " + meter.getClass().getName());
				}
				if (unit.find(0) && !unit.group(1).equals(meter.getId().getBaseUnit())) {
					wrong.add(name + ": documented unit " + unit.group(1) + ", registered "
							+ meter.getId().getBaseUnit());
				}
				for (Tag tag : meter.getId().getTags()) {
					actualTags.computeIfAbsent(tag.getKey(), (key) -> new TreeSet<>()).add(tag.getValue());
				}
			}
			if (!tags.keySet().equals(actualTags.keySet())) {
				wrong.add(name + ": documented tags " + tags.keySet() + ", registered " + actualTags.keySet());
			}
			tags.forEach((key, values) -> {
				if (!values.isEmpty() && !values.equals(actualTags.get(key))) {
					wrong.add(name + ": documented " + key + " values " + values + ", registered "
							+ actualTags.get(key));
				}
			});
		}
		assertThat(wrong).isEmpty();
	}

	@Test
	void everyMeterOfTheStartersNamesIsDocumented() {
		Set<String> documented = new LinkedHashSet<>();
		for (List<String> row : DocFiles.table(DOC, "Meters", "Meter", "Type", "Tags", "Value")) {
			documented.add(DocFiles.codeSpans(row.get(0)).get(0));
		}
		Set<String> registered = new TreeSet<>();
		for (Meter meter : this.registry.getMeters()) {
			String name = meter.getId().getName();
			if (name.startsWith("jvm.threads.virtual") || name.startsWith("executor")) {
				registered.add(name);
			}
		}
		assertThat(registered).as("meters registered under the starter's names").isNotEmpty();
		assertThat(documented).as("the Meters table of docs/observability.md").containsAll(registered);
	}

	@Test
	void theMetricsSamplesHaveTheShapeAndTextsOfTheRealAnswers() throws Exception {
		List<String> wrong = new ArrayList<>();
		for (String id : List.of("metrics-pinned-and-executor", "metrics-carriers")) {
			List<String> lines = List.of(DocFiles.sample(DOC, id).split("\\R"));
			for (int i = 0; i < lines.size(); i++) {
				if (!lines.get(i).startsWith("GET ")) {
					continue;
				}
				String path = lines.get(i).substring(4).trim();
				JsonNode shown = JsonShape.parseSample(lines.get(i + 1));
				JsonNode real = get(path);
				for (String difference : new JsonShape().differences(shown, real)) {
					wrong.add(path + ": " + difference);
				}
				for (String field : List.of("name", "description", "baseUnit")) {
					if (!shown.path(field).equals(real.path(field))) {
						wrong.add(path + ": " + field + " " + shown.path(field) + " in the docs, " + real.path(field)
								+ " returned");
					}
				}
				if (!statistics(shown).equals(statistics(real))) {
					wrong.add(path + ": statistics " + statistics(shown) + " in the docs, " + statistics(real)
							+ " returned");
				}
			}
		}
		assertThat(wrong).isEmpty();
	}

	@Test
	void theReadmesMetersExist() {
		String readme = DocFiles.text("README.md");
		int start = readme.indexOf("Micrometer meters");
		assertThat(start).as("the README's list of meters").isPositive();
		String list = readme.substring(start, readme.indexOf(")", readme.indexOf("including", start)) + 1);
		List<String> missing = new ArrayList<>();
		for (String span : DocFiles.codeSpans(list)) {
			String name = span.replaceAll("\\{.*}", "");
			boolean exists = name.endsWith(".*")
					? this.registry.getMeters()
						.stream()
						.anyMatch((meter) -> meter.getId().getName().startsWith(name.substring(0, name.length() - 1)))
					: !this.registry.find(name).meters().isEmpty();
			if (!exists) {
				missing.add(span);
			}
		}
		assertThat(missing).as("meters the README names that the application does not register").isEmpty();
	}

	private static Set<String> statistics(JsonNode metric) {
		Set<String> statistics = new TreeSet<>();
		for (JsonNode measurement : metric.path("measurements")) {
			statistics.add(measurement.path("statistic").asText());
		}
		return statistics;
	}

	// "`name`" -> {name: []}; "`state` = `a`, `b`" -> {state: [a, b]}; "" -> {}
	private static Map<String, Set<String>> tags(String cell) {
		Map<String, Set<String>> tags = new LinkedHashMap<>();
		if (cell.isBlank()) {
			return tags;
		}
		Matcher values = TAG_VALUES.matcher(cell);
		if (values.matches()) {
			tags.put(values.group(1), new TreeSet<>(DocFiles.codeSpans(values.group(2))));
			return tags;
		}
		for (String key : DocFiles.codeSpans(cell)) {
			tags.put(key, new TreeSet<>());
		}
		return tags;
	}

	private JsonNode get(String path) throws Exception {
		HttpResponse<String> response = this.http.send(
				HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
					.timeout(Duration.ofSeconds(30))
					.build(),
				HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).as("GET " + path).isEqualTo(200);
		return JsonShape.parse(response.body());
	}

}
