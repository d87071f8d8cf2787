package io.github.vtstarter.autoconfigure.docs;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.vtstarter.autoconfigure.actuate.VirtualThreadsEndpoint;
import io.github.vtstarter.autoconfigure.doctor.DependencyDoctorReport;
import io.github.vtstarter.autoconfigure.pinning.PinningProperties;
import io.github.vtstarter.pinning.TestJdk;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The JSON samples of {@code GET /actuator/virtualthreads} in docs/observability.md against a real answer: the
 * sample app's pinning requests (three that pin, one that does not) on a real application, then every key of the
 * sample, at every depth, must be in the answer and every key of the answer in the sample (values differ from run to
 * run and are not compared). The table of fields must name every key the endpoint returns. On JDK 24+, where
 * {@code synchronized} no longer pins, the pinning site comes from a {@code jdk.VirtualThreadPinned} event of the
 * test's own, and the scheduler's JDK-specific keys are checked against the JDK 25 sample.
 */
@SpringBootTest(classes = DocsSampleApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "management.endpoints.web.exposure.include=health,info,virtualthreads,metrics",
				"management.endpoint.health.show-details=always" })
@EnabledIf(TestJdk.VIRTUAL_THREADS)
class DocsEndpointSampleTests {

	private static final String DOC = "docs/observability.md";

	private static final Duration WAIT = Duration.ofSeconds(60);

	/** The scheduler's keys that come from the JDK (JDK 21-23: the system properties; 24+: the MXBean). */
	private static final String[] JDK_SCHEDULER_KEYS = { "scheduler.source", "scheduler.parallelism",
			"scheduler.maxPoolSize", "scheduler.minRunnable", "scheduler.poolSize", "scheduler.mounted",
			"scheduler.queued" };

	private final HttpClient http = HttpClient.newHttpClient();

	@LocalServerPort
	private int port;

	@Autowired
	private DependencyDoctorReport doctor;

	@BeforeEach
	void pinAsTheSampleAppDoes() throws Exception {
		if (get("/actuator/virtualthreads").at("/pinning/total").asInt() >= 3) {
			return;
		}
		String pin = TestJdk.synchronizedPins() ? "/pinning/synchronized?ms=100" : "/pinning/fake?ms=100";
		for (int i = 0; i < 3; i++) {
			get(pin);
		}
		get("/pinning/lock?ms=100");
		await().atMost(WAIT).until(() -> get("/actuator/virtualthreads").at("/pinning/total").asInt() >= 3);
		await().atMost(WAIT).until(() -> !get("/actuator/virtualthreads").at("/scheduler/lag/lastMs").isNull());
		assertThat(this.doctor.await(WAIT)).as("the dependency doctor is done").isTrue();
	}

	@Test
	void theSampleHasEveryKeyOfTheAnswerAndNoOther() throws Exception {
		JsonNode answer = get("/actuator/virtualthreads");
		JsonShape shape = endpointShape();
		if (!TestJdk.synchronizedPins()) {
			// The JDK 25 sample below the main one shows these.
			shape.ignore(JDK_SCHEDULER_KEYS);
		}
		assertThat(answer.at("/pinning/sites")).as("a pinning site to compare").isNotEmpty();
		assertThat(answer.at("/advice")).as("advice to compare (HikariCP 5.0.1 is on the test class path)")
			.isNotEmpty();
		assertThat(shape.differences(JsonShape.parseSample(DocFiles.sample(DOC, "endpoint")), answer))
			.as("docs/observability.md <!-- sample: endpoint --> against GET /actuator/virtualthreads:\n"
					+ answer.toPrettyString())
			.isEmpty();
	}

	@Test
	@EnabledIf(TestJdk.SYNCHRONIZED_DOES_NOT_PIN)
	void theJdk25SchedulerSampleHasTheKeysOfTheMXBean() throws Exception {
		JsonNode answer = get("/actuator/virtualthreads");
		assertThat(new JsonShape().differences(
				JsonShape.parseSample(DocFiles.sample(DOC, "endpoint-scheduler-jdk25")), answer))
			.as("<!-- sample: endpoint-scheduler-jdk25 --> against " + answer.get("scheduler"))
			.isEmpty();
	}

	@Test
	void theFieldTableNamesEveryKeyTheEndpointReturns() throws Exception {
		JsonNode answer = get("/actuator/virtualthreads");
		Map<String, Set<String>> rows = fieldRows();
		List<String> missing = new ArrayList<>();
		// Every key at the top and of pinning has a row of its own (or is named in its parent's rows).
		for (String key : keys(answer)) {
			requireRow(rows, key, missing);
		}
		for (String key : keys(answer.get("pinning"))) {
			if (!rows.containsKey("pinning." + key) && !spans(rows, "pinning").contains(key)) {
				missing.add("pinning." + key);
			}
		}
		// The scheduler's keys: the watchdog's have rows, the JDK's are named in the scheduler row.
		for (String key : keys(answer.get("scheduler"))) {
			if (!rows.containsKey("scheduler." + key) && !rows.get("scheduler").contains(key)) {
				missing.add("scheduler." + key);
			}
		}
		// Objects below: each key named in the row that describes the object.
		requireNamed(rows, "scheduler.carriers", answer.at("/scheduler/carriers"), missing);
		requireNamed(rows, "scheduler.lag", answer.at("/scheduler/lag"), missing);
		requireNamed(rows, "scheduler.episodes", answer.at("/scheduler/episodes"), missing);
		requireNamed(rows, "starvation", answer.get("starvation"), missing);
		for (JsonNode executor : answer.get("executors")) {
			requireNamed(rows, "executors", executor, missing);
		}
		for (JsonNode listener : answer.get("listeners")) {
			requireNamed(rows, "listeners", listener, missing);
		}
		for (JsonNode advice : answer.get("advice")) {
			requireNamed(rows, "advice", advice, missing);
		}
		for (JsonNode site : answer.at("/pinning/sites")) {
			requireNamed(rows, "pinning.sites", site, missing);
		}
		if (answer.at("/scheduler/parallelism").isObject()) {
			requireNamed(rows, "scheduler", answer.at("/scheduler/parallelism"), missing);
		}
		assertThat(missing).as("keys of GET /actuator/virtualthreads that the field table of docs/observability.md "
				+ "does not name (a row, or a code span in the row of the object)").isEmpty();
	}

	@Test
	void theEpisodeAndEvidenceKeysAreNamedToo() {
		// current/last episodes and evidence are null or empty in a quiet run: their keys come from the code's own
		// lists, which the starvation sample (DocsWatchdogSamplesTests) checks against a real starvation.
		Map<String, Set<String>> rows = fieldRows();
		assertThat(rows.get("scheduler.episodes")).contains("worst", "durationMs", "maxLagMs", "completedTasks",
				"since");
		assertThat(rows.get("starvation")).contains("thread", "culprit", "frames");
	}

	@Test
	void thePinnedSampleHasTheShapeOfTheAnswer() throws Exception {
		JsonNode answer = get("/actuator/virtualthreads/pinned");
		assertThat(answer.get("events")).isNotEmpty();
		assertThat(new JsonShape().optional("reason")
			.differences(JsonShape.parseSample(DocFiles.sample(DOC, "endpoint-pinned")), answer))
			.as("<!-- sample: endpoint-pinned --> against GET /actuator/virtualthreads/pinned")
			.isEmpty();
	}

	@Test
	void theDumpSampleHasTheShapeOfTheJdksDump() throws Exception {
		JsonNode answer = get("/actuator/virtualthreads/dump");
		JsonShape shape = new JsonShape();
		if (TestJdk.feature() >= 24) {
			// The sample is JDK 21's; the keys JDK 24+ adds to each thread are named below it.
			shape.ignore("threadDump.threadContainers[].threads[]");
			String text = DocFiles.text(DOC);
			int note = text.indexOf("From JDK 24 each thread also has");
			assertThat(note).as("the note on JDK 24+'s thread keys").isPositive();
			Set<String> documented = new LinkedHashSet<>(List.of("tid", "name", "stack"));
			documented.addAll(DocFiles.codeSpans(text.substring(note, text.indexOf("\n\n", note))));
			Set<String> returned = new LinkedHashSet<>();
			for (JsonNode container : answer.at("/threadDump/threadContainers")) {
				for (JsonNode thread : container.get("threads")) {
					returned.addAll(keys(thread));
				}
			}
			assertThat(documented).as("keys of the dump's threads on JDK " + TestJdk.feature()).containsAll(returned);
		}
		assertThat(shape.differences(JsonShape.parseSample(DocFiles.sample(DOC, "endpoint-dump")), answer))
			.as("<!-- sample: endpoint-dump --> against GET /actuator/virtualthreads/dump")
			.isEmpty();
	}

	@Test
	void theAdviceSampleHasTheShapeOfTheFindings() throws Exception {
		JsonNode answer = get("/actuator/virtualthreads");
		assertThat(answer.get("advice")).isNotEmpty();
		assertThat(new JsonShape().differences(JsonShape.parseSample(DocFiles.sample(DOC, "endpoint-advice")), answer))
			.as("<!-- sample: endpoint-advice --> against " + answer.get("advice"))
			.isEmpty();
	}

	@Test
	void theUnavailablePinningSampleHasTheShapeOfTheAnswerWithoutAMonitor() throws Exception {
		PinningProperties off = new PinningProperties();
		off.setEnabled(false);
		Map<String, Object> body = new VirtualThreadsEndpoint(null, null, off, new MockEnvironment())
			.virtualThreads();
		JsonNode answer = new ObjectMapper().valueToTree(body);
		assertThat(answer.at("/pinning/available").asBoolean()).isFalse();
		assertThat(new JsonShape()
			.differences(JsonShape.parseSample(DocFiles.sample(DOC, "endpoint-pinning-unavailable")), answer))
			.as("<!-- sample: endpoint-pinning-unavailable --> against " + answer.get("pinning"))
			.isEmpty();
	}

	@Test
	void theOtherReasonsAreTheEndpoints() {
		String text = DocFiles.text(DOC).replaceAll("\\s+", " ");
		PinningProperties off = new PinningProperties();
		off.setEnabled(false);
		String pinningOff = (String) pinning(new VirtualThreadsEndpoint(null, null, off, new MockEnvironment()))
			.get("reason");
		MockEnvironment virtualOff = new MockEnvironment().withProperty("spring.threads.virtual.enabled", "false");
		String threadsOff = (String) pinning(
				new VirtualThreadsEndpoint(null, null, new PinningProperties(), virtualOff))
			.get("reason");
		assertThat(text).contains("`" + pinningOff + "`").contains("`" + threadsOff + "`");
		// The Java 17 reason, as the same code words it there.
		assertThat(io.github.vtstarter.threads.VirtualThreads.unsupportedMessage())
			.isEqualTo("Virtual threads need Java 21 or later; this is Java " + TestJdk.feature());
		assertThat(text).contains("`Virtual threads need Java 21 or later; this is Java 17`");
	}

	@Test
	void messagingsListenersExampleHasTheShapeOfTheAnswer() throws Exception {
		Matcher inline = Pattern.compile("`(\"listeners\": \\{.*?}})`")
			.matcher(DocFiles.text("docs/messaging.md").replaceAll("\\s+", " "));
		assertThat(inline.find()).as("the listeners example of docs/messaging.md").isTrue();
		JsonNode answer = get("/actuator/virtualthreads");
		assertThat(answer.at("/listeners/jms").isObject()).as("spring-jms is on the test class path").isTrue();
		JsonNode sample = JsonShape.parseSample(inline.group(1));
		if (io.github.vtstarter.autoconfigure.BootVersion.current().hasNativeVirtualThreads()) {
			// The example is of Boot 3.1 with Spring AMQP: from Boot 3.2 Boot runs the RabbitMQ containers and the
			// starter makes no rabbit-simple choice (messaging.md says so).
			((com.fasterxml.jackson.databind.node.ObjectNode) sample.get("listeners")).remove("rabbit-simple");
		}
		assertThat(new JsonShape().differences(sample, answer))
			.as(inline.group(1) + " against " + answer.get("listeners"))
			.isEmpty();
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> pinning(VirtualThreadsEndpoint endpoint) {
		return (Map<String, Object>) endpoint.virtualThreads().get("pinning");
	}

	static JsonShape endpointShape() {
		return new JsonShape().dynamic("executors", "listeners", "degraded")
			.optional("pinning.reason", "pinning.eventsFromUntrackedSites", "executors.*.concurrencyLimit");
	}

	// The first column of the field table: each name (a code span; a bare name after a dotted one is its sibling)
	// with the code spans of its meaning.
	private static Map<String, Set<String>> fieldRows() {
		Map<String, Set<String>> rows = new LinkedHashMap<>();
		for (List<String> row : DocFiles.table(DOC, "`GET /actuator/virtualthreads`", "Field", "Meaning")) {
			String parent = "";
			Set<String> meaning = new LinkedHashSet<>(DocFiles.codeSpans(row.get(1)));
			for (String name : DocFiles.codeSpans(row.get(0))) {
				String full = name.contains(".") ? name : parent + name;
				if (name.contains(".")) {
					parent = name.substring(0, name.lastIndexOf('.') + 1);
				}
				rows.computeIfAbsent(full, (key) -> new LinkedHashSet<>()).addAll(meaning);
			}
		}
		return rows;
	}

	private static Set<String> spans(Map<String, Set<String>> rows, String prefix) {
		Set<String> spans = new LinkedHashSet<>();
		rows.forEach((name, meaning) -> {
			if (name.startsWith(prefix + ".")) {
				spans.addAll(meaning);
			}
		});
		return spans;
	}

	private static void requireRow(Map<String, Set<String>> rows, String name, List<String> missing) {
		if (!rows.containsKey(name) && rows.keySet().stream().noneMatch((row) -> row.startsWith(name + "."))) {
			missing.add(name);
		}
	}

	private static void requireNamed(Map<String, Set<String>> rows, String row, JsonNode object, List<String> missing) {
		Set<String> named = rows.getOrDefault(row, Set.of());
		for (String key : keys(object)) {
			if (!named.contains(key)) {
				missing.add(row + ": " + key);
			}
		}
	}

	private static List<String> keys(JsonNode object) {
		List<String> keys = new ArrayList<>();
		if (object != null && object.isObject()) {
			for (Iterator<String> names = object.fieldNames(); names.hasNext();) {
				keys.add(names.next());
			}
		}
		return keys;
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
