package io.github.vtstarter.autoconfigure.doctor;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.github.vtstarter.autoconfigure.actuate.PinningTestApplication;
import io.github.vtstarter.doctor.Advice;
import io.github.vtstarter.doctor.DependencyDoctor;
import io.github.vtstarter.pinning.TestJdk;
import io.github.vtstarter.testsupport.RunningApp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The dependency doctor against the real class path of this build, which holds HikariCP 5.0.1 (test scope): the
 * advice to move to 7.1.0 shows in the log and the endpoint; a user's own catalogue is read too.
 */
@ExtendWith(OutputCaptureExtension.class)
class DependencyDoctorTests {

	@Test
	void oldHikariIsReportedWithTheVersionToMoveTo() throws IOException {
		List<Advice> findings = new DependencyDoctor(getClass().getClassLoader()).examine();
		assertThat(findings).singleElement().satisfies((advice) -> {
			assertThat(advice.library()).isEqualTo("com.zaxxer:HikariCP");
			assertThat(advice.version()).isEqualTo("5.0.1");
			assertThat(advice.fixedIn()).isEqualTo("7.1.0");
			assertThat(advice.source()).contains("https://github.com/brettwooldridge/HikariCP/pull/2402");
		});
	}

	@Test
	void aUsersOwnCatalogueIsReadBeside(@TempDir Path temp) throws IOException {
		Path catalogue = temp.resolve(DependencyDoctor.CATALOGUE);
		Files.createDirectories(catalogue.getParent());
		Files.writeString(catalogue, """
				acme.coordinates=org.awaitility:awaitility
				acme.fixed-in=999.0
				acme.problem=our own rule
				acme.source=https://example.com/acme
				""", StandardCharsets.UTF_8);
		try (URLClassLoader loader = new URLClassLoader(new URL[] { temp.toUri().toURL() },
				getClass().getClassLoader())) {
			List<Advice> findings = new DependencyDoctor(loader).examine();
			assertThat(findings).extracting(Advice::id).containsExactlyInAnyOrder("hikaricp", "acme");
		}
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	@SuppressWarnings("unchecked")
	void adviceIsLoggedOnceAndListedInTheEndpoint(CapturedOutput output) throws Exception {
		try (RunningApp app = RunningApp.web(PinningTestApplication.class,
				"management.endpoints.web.exposure.include=virtualthreads")) {
			DependencyAdvice advice = app.context().getBean(DependencyAdvice.class);
			assertThat(advice.await(Duration.ofSeconds(30))).isTrue();
			Map<String, Object> body = app.get("/actuator/virtualthreads", Map.class);
			assertThat((List<Map<String, Object>>) body.get("advice")).singleElement()
				.satisfies((item) -> assertThat(item).containsEntry("library", "com.zaxxer:HikariCP")
					.containsEntry("version", "5.0.1")
					.containsEntry("moveTo", "7.1.0"));
			await().atMost(Duration.ofSeconds(30))
				.until(() -> output.getOut().contains("com.zaxxer:HikariCP 5.0.1 misbehaves on virtual threads"));
			assertThat(output.getOut()).contains("Move to 7.1.0 or later");
		}
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void offWithTheProperty() {
		try (RunningApp app = RunningApp.web(PinningTestApplication.class, "vtstarter.doctor.enabled=false")) {
			assertThat(app.context().getBeansOfType(DependencyAdvice.class)).isEmpty();
		}
	}

}
