package io.github.vtstarter.autoconfigure.doctor;

import java.io.IOException;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import io.github.vtstarter.autoconfigure.messaging.ListenerThreadChoices;
import io.github.vtstarter.autoconfigure.messaging.jms.JmsListenerThreadChoice;
import io.github.vtstarter.autoconfigure.messaging.jms.VirtualThreadsJmsAutoConfiguration;
import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.doctor.Advice;
import io.github.vtstarter.testsupport.Precondition;
import io.github.vtstarter.testsupport.PublishedJarClassLoader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An application that carries the ActiveMQ Classic client (the published activemq-client-jakarta 5.18.4 jar), whose
 * finding is about consumers waiting inside {@code synchronized}: the doctor reports it only where
 * {@code @JmsListener} consumers run on virtual threads, whoever chose: the application
 * ({@code vtstarter.jms.virtual-threads.enabled}) or, with the property unset, the starter (platform threads on Java
 * 21 to 23 with this client, virtual threads on 24+). Checked with vt-starter's entry (Java 21-23) and its copy for
 * every Java ({@link PublishedJarClassLoader}), so that JDK 25 runs every case but the starter's choice of platform
 * threads, which exists on 21 to 23 only.
 */
@Precondition(Precondition.VirtualThreads.class)
@ExtendWith(OutputCaptureExtension.class)
class DependencyDoctorJmsChoiceTests {

	private static final String SHIPPED = "activemq-client";

	private static final String EVERY_JAVA = PublishedJarClassLoader.everyJava(SHIPPED);

	private static final String LIBRARY = "ActiveMQ Classic client 5.18.4 (activemq-client-jakarta-5.18.4.jar)";

	private static final boolean SYNCHRONIZED_PINS = Runtime.version().feature() < 24;

	private URLClassLoader classLoader;

	@BeforeEach
	void carryTheActiveMqClient(@TempDir Path dir) throws IOException {
		this.classLoader = PublishedJarClassLoader.create(dir, "org.apache.activemq.activemq-client-jakarta-5.18.4.jar",
				"activemq-client-jakarta-5.18.4.jar", SHIPPED);
	}

	@AfterEach
	void close() throws IOException {
		this.classLoader.close();
	}

	@Test
	void withThePropertyUnsetTheStartersChoiceDecides(CapturedOutput output) {
		runner().run((context) -> {
			Boolean virtualThreads = ListenerThreadChoices.virtualThreads(JmsListenerThreadChoice.KIND);
			assertThat(virtualThreads).as("the starter's choice, the client being on the class path")
				.isEqualTo(!SYNCHRONIZED_PINS);
			List<Advice> findings = findings(context);
			if (SYNCHRONIZED_PINS) {
				assertThat(findings).as("consumers already on platform threads: nothing to warn about").isEmpty();
				assertThat(libraryLines(output)).isEmpty();
			}
			else {
				assertThat(findings).extracting(Advice::id).containsExactly(EVERY_JAVA);
				assertThat(libraryLines(output)).singleElement().asString().contains("WARN");
			}
		});
	}

	@Test
	void consumersTheApplicationPutsOnVirtualThreadsAreReportedOnEveryJava(CapturedOutput output) {
		runner().withPropertyValues(JmsListenerThreadChoice.PROPERTY + "=true").run((context) -> {
			List<Advice> findings = findings(context);
			assertThat(findings).extracting(Advice::id)
				.containsExactlyElementsOf(SYNCHRONIZED_PINS ? List.of(SHIPPED, EVERY_JAVA) : List.of(EVERY_JAVA));
			assertThat(libraryLines(output)).hasSameSizeAs(findings)
				.allSatisfy((line) -> assertThat(line).contains("WARN")
					.contains(LIBRARY + " misbehaves on virtual threads"));
		});
	}

	@Test
	void consumersTheApplicationKeepsOnPlatformThreadsAreNotReported(CapturedOutput output) {
		runner().withPropertyValues(JmsListenerThreadChoice.PROPERTY + "=off").run((context) -> {
			assertThat(findings(context)).isEmpty();
			assertThat(libraryLines(output)).isEmpty();
		});
	}

	@Test
	void withoutTheStartersJmsSupportThePropertyReadsAsUnsetAndTheFindingStands(CapturedOutput output) {
		// No spring-jms auto-configuration, no choice: the client may be used directly, on any thread.
		new ApplicationContextRunner().withClassLoader(this.classLoader)
			.withConfiguration(AutoConfigurations.of(DependencyDoctorAutoConfiguration.class))
			.run((context) -> {
				assertThat(ListenerThreadChoices.virtualThreads(JmsListenerThreadChoice.KIND)).isNull();
				assertThat(findings(context)).extracting(Advice::id).contains(EVERY_JAVA);
			});
	}

	private ApplicationContextRunner runner() {
		return new ApplicationContextRunner().withClassLoader(this.classLoader)
			.withConfiguration(AutoConfigurations.of(VirtualThreadsAutoConfiguration.class,
					VirtualThreadsJmsAutoConfiguration.class, DependencyDoctorAutoConfiguration.class))
			.withPropertyValues("spring.threads.virtual.enabled=true");
	}

	private static List<Advice> findings(AssertableApplicationContext context) throws InterruptedException {
		DependencyDoctorReport report = context.getBean(DependencyDoctorReport.class);
		assertThat(report.await(Duration.ofSeconds(30))).isTrue();
		assertThat(report.getFailure()).isNull();
		return report.getFindings()
			.stream()
			.filter((advice) -> advice.id().equals(SHIPPED) || advice.id().equals(EVERY_JAVA))
			.toList();
	}

	private static List<String> libraryLines(CapturedOutput output) {
		return Arrays.stream(output.getOut().split("\n")).filter((line) -> line.contains(LIBRARY)).toList();
	}

}
