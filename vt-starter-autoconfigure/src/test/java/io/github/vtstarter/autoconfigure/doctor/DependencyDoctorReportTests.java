package io.github.vtstarter.autoconfigure.doctor;

import io.github.vtstarter.testsupport.ChildFirstClassLoader;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

import io.github.vtstarter.autoconfigure.DegradedFeatures;
import io.github.vtstarter.autoconfigure.actuate.PinningTestApplication;
import io.github.vtstarter.doctor.Advice;
import io.github.vtstarter.doctor.DependencyDoctor;
import io.github.vtstarter.pinning.TestJdk;
import io.github.vtstarter.testsupport.RunningApp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The doctor as an application has it: run once on its own thread, one WARN per finding and nothing else, the
 * findings in the endpoint, the switch, and a failure listed under {@code degraded} with one WARN. This module's
 * test class path holds HikariCP 5.0.1 (every Java) and the Artemis client Boot manages (Java 21-23 only).
 */
@ExtendWith(OutputCaptureExtension.class)
class DependencyDoctorReportTests {

	private static final String FINDING = "misbehaves on virtual threads";

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	@SuppressWarnings("unchecked")
	void eachFindingIsLoggedOnceAtWarnAndListedInTheEndpoint(CapturedOutput output) throws Exception {
		// In catalogue order: artemis-core-client, hikaricp.
		List<String> expected = new ArrayList<>();
		if (TestJdk.synchronizedPins()) {
			expected.add("org.apache.activemq:artemis-core-client");
		}
		expected.add("com.zaxxer:HikariCP");
		try (RunningApp app = RunningApp.web(PinningTestApplication.class,
				"management.endpoints.web.exposure.include=virtualthreads")) {
			DependencyDoctorReport report = app.context().getBean(DependencyDoctorReport.class);
			assertThat(report.await(Duration.ofSeconds(30))).isTrue();
			assertThat(report.getFailure()).isNull();
			assertThat(report.getFindings()).extracting(Advice::artifact).containsExactlyElementsOf(expected);
			Map<String, Object> body = app.get("/actuator/virtualthreads", Map.class);
			List<Map<String, Object>> advice = (List<Map<String, Object>>) body.get("advice");
			assertThat(advice).extracting((item) -> item.get("artifact")).containsExactlyElementsOf(expected);
			Map<String, Object> hikari = advice.get(advice.size() - 1);
			assertThat(hikari).containsEntry("library", "HikariCP")
				.containsEntry("version", "5.0.1")
				.containsEntry("jar", "HikariCP-5.0.1.jar")
				.containsEntry("moveTo", "7.1.0")
				.containsEntry("inUse", true)
				.containsEntry("notInUse", null)
				.containsKeys("problem", "howToMoveOn", "source");
			assertThat(hikari.get("java")).as("every Java").isNull();
			assertThat((String) hikari.get("howToMoveOn")).contains("<hikaricp.version>7.1.0</hikaricp.version>");
			if (TestJdk.synchronizedPins()) {
				String artemis = artemisVersion();
				assertThat(advice.get(0)).containsEntry("library", "ActiveMQ Artemis client")
					.containsEntry("version", artemis)
					.containsEntry("jar", "artemis-core-client-" + artemis + ".jar")
					.containsEntry("java", "21-23");
				assertThat(advice.get(0).get("moveTo")).as("no release to move to").isNull();
				assertThat((String) advice.get(0).get("howToMoveOn")).startsWith("No Artemis release avoids it");
			}
			String log = output.getOut();
			assertThat(count(log, FINDING)).isEqualTo(expected.size());
			assertThat(log).contains("WARN").contains("vt-starter: HikariCP 5.0.1 (HikariCP-5.0.1.jar) " + FINDING);
			assertThat(lines(log, DependencyDoctorReport.class.getSimpleName())).allSatisfy(
					(line) -> assertThat(line).contains(" WARN ").contains(FINDING));
		}
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void offWithTheProperty(CapturedOutput output) throws Exception {
		try (RunningApp app = RunningApp.web(PinningTestApplication.class, "vtstarter.doctor.enabled=false",
				"management.endpoints.web.exposure.include=virtualthreads")) {
			assertThat(app.context().getBeansOfType(DependencyDoctorReport.class)).isEmpty();
			assertThat(app.get("/actuator/virtualthreads", Map.class).get("advice")).isEqualTo(List.of());
			Thread.sleep(200);
			assertThat(output.getOut()).doesNotContain(FINDING);
			assertThat(doctorThreads()).isZero();
		}
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void offWithAnyFalseBootReadsAsFalse(CapturedOutput output) throws Exception {
		try (RunningApp app = RunningApp.web(PinningTestApplication.class, "vtstarter.doctor.enabled=off")) {
			DependencyDoctorReport report = app.context().getBean(DependencyDoctorReport.class);
			assertThat(report.isEnabled()).isFalse();
			assertThat(report.isDone()).isTrue();
			assertThat(report.getTook()).isNull();
			Thread.sleep(200);
			assertThat(report.getFindings()).isEmpty();
			assertThat(output.getOut()).doesNotContain(FINDING);
		}
	}

	@Test
	void theDoctorRunsOnceOnItsOwnPlatformDaemonThreadAndAHealthyClassPathLogsNothing(CapturedOutput output)
			throws Exception {
		AtomicReference<Thread> ranOn = new AtomicReference<>();
		AtomicInteger runs = new AtomicInteger();
		java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
		DependencyDoctorReport report = new DependencyDoctorReport(() -> {
			ranOn.set(Thread.currentThread());
			runs.incrementAndGet();
			go.await();
			return List.of();
		}, true);
		assertThat(report.isEnabled()).isTrue();
		assertThat(report.isDone()).isFalse();
		int before = output.getOut().length();
		// Started from a non-daemon thread: a thread inherits that, so only setDaemon makes the doctor's a daemon.
		Thread starter = new Thread(report::start);
		starter.setDaemon(false);
		long start = System.nanoTime();
		starter.start();
		starter.join();
		assertThat(report.isRunning()).isTrue();
		assertThat(report.await(Duration.ofMillis(50))).as("still examining").isFalse();
		assertThat(report.isDone()).isFalse();
		go.countDown();
		assertThat(report.await(Duration.ofSeconds(30))).isTrue();
		long elapsed = System.nanoTime() - start;
		assertThat(report.isDone()).isTrue();
		report.stop();
		assertThat(report.isRunning()).isFalse();
		report.start();
		Thread.sleep(100);
		assertThat(runs).hasValue(1);
		assertThat(ranOn.get().getName()).isEqualTo(DependencyDoctorReport.THREAD);
		assertThat(ranOn.get().isDaemon()).isTrue();
		assertThat(ranOn.get()).isNotSameAs(Thread.currentThread()).isNotSameAs(starter);
		assertThat(report.getFindings()).isEmpty();
		assertThat(report.getFailure()).isNull();
		assertThat(report.getTook()).isPositive().isLessThanOrEqualTo(Duration.ofNanos(elapsed));
		assertThat(lines(output.getOut().substring(before), DependencyDoctorReport.class.getSimpleName())).isEmpty();
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void theRealDoctorOnThisClassPathFindsTheSameAsTheApplication() throws Exception {
		DependencyDoctorReport report = new DependencyDoctorReport(
				new DependencyDoctor(getClass().getClassLoader(), (name) -> null));
		report.start();
		assertThat(report.await(Duration.ofSeconds(30))).isTrue();
		assertThat(report.getFailure()).isNull();
		assertThat(report.getFindings()).extracting(Advice::id).contains("hikaricp");
	}

	@Test
	void anUnexpectedFailureIsRecordedOnceWithTheFeatureAndTheExceptionAndNothingIsLogged(CapturedOutput output)
			throws Exception {
		for (Throwable failure : List.of(new IllegalStateException("broke"), new NoSuchMethodError("moved"),
				new IOException("unreadable"))) {
			List<String> recorded = new ArrayList<>();
			DependencyDoctorReport report = new DependencyDoctorReport(() -> {
				if (failure instanceof Exception ex) {
					throw ex;
				}
				throw (Error) failure;
			}, true, (feature, ex) -> recorded.add(feature + ": " + ex));
			int before = output.getOut().length();
			report.start();
			assertThat(report.await(Duration.ofSeconds(30))).isTrue();
			report.stop();
			report.start();
			Thread.sleep(50);
			assertThat(recorded).containsExactly(DependencyDoctorReport.FEATURE + ": " + failure);
			assertThat(report.getFailure()).isEqualTo(failure.toString());
			assertThat(report.getFindings()).isEmpty();
			assertThat(report.getTook()).isNotNull();
			assertThat(lines(output.getOut().substring(before), DependencyDoctorReport.class.getSimpleName())).isEmpty();
		}
	}

	@Test
	void aRuntimeExceptionInTheDoctorIsOneWarnAndListedAsDegraded(CapturedOutput output) throws Exception {
		Map<String, String> result = failIn("runtime", output);
		assertThat(result).containsEntry("failure", "java.lang.IllegalStateException: the catalogue broke")
			.containsEntry("findings", "0")
			.containsEntry("degraded",
					"{" + DependencyDoctorReport.FEATURE + "=java.lang.IllegalStateException: the catalogue broke}");
	}

	@Test
	void aLinkageErrorInTheDoctorIsOneWarnAndListedAsDegraded(CapturedOutput output) throws Exception {
		Map<String, String> result = failIn("linkage", output);
		assertThat(result).containsEntry("failure", "java.lang.NoClassDefFoundError: com/example/Moved")
			.containsEntry("degraded",
					"{" + DependencyDoctorReport.FEATURE + "=java.lang.NoClassDefFoundError: com/example/Moved}");
	}

	@Test
	void theFailureScenarioLeavesThisJvmsRecordAlone(CapturedOutput output) throws Exception {
		failIn("runtime", output);
		assertThat(DegradedFeatures.all()).doesNotContainKey(DependencyDoctorReport.FEATURE);
	}

	/**
	 * Runs {@link DoctorFailureScenario} in a class loader of its own, so that {@link DegradedFeatures} is its own;
	 * asserts the one WARN.
	 */
	@SuppressWarnings("unchecked")
	private Map<String, String> failIn(String failure, CapturedOutput output) throws Exception {
		int before = output.getOut().length();
		try (ChildFirstClassLoader loader = new ChildFirstClassLoader(getClass().getClassLoader(),
				DependencyDoctorReport.class, DoctorFailureScenario.class)) {
			Class<?> scenario = loader.loadClass(DoctorFailureScenario.class.getName());
			assertThat(scenario.getClassLoader()).isSameAs(loader);
			Map<String, String> result = ((Function<String, Map<String, String>>) scenario.getConstructor()
				.newInstance()).apply(failure);
			String log = output.getOut().substring(before);
			assertThat(count(log, " WARN ")).as(log).isEqualTo(1);
			assertThat(count(log, " ERROR ")).as(log).isZero();
			assertThat(log).contains("vt-starter: " + DependencyDoctorReport.FEATURE + " is off: ");
			return result;
		}
	}

	private static String artemisVersion() throws IOException {
		try (InputStream in = DependencyDoctorReportTests.class.getClassLoader()
			.getResourceAsStream("META-INF/maven/org.apache.activemq/artemis-core-client/pom.properties")) {
			Properties properties = new Properties();
			properties.load(in);
			return properties.getProperty("version");
		}
	}

	private static long doctorThreads() {
		return Thread.getAllStackTraces()
			.keySet()
			.stream()
			.filter((thread) -> thread.getName().equals(DependencyDoctorReport.THREAD))
			.count();
	}

	private static int count(String text, String part) {
		int count = 0;
		for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + part.length())) {
			count++;
		}
		return count;
	}

	private static List<String> lines(String text, String part) {
		return text.lines().filter((line) -> line.contains(part)).toList();
	}

}
