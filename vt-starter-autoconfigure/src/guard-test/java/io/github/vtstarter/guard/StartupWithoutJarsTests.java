package io.github.vtstarter.guard;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Starts {@link GuardApplication} in a JVM of its own whose class path really lacks one group of the starter's
 * optional libraries (the actuator, Micrometer, each web server, Spring MVC, ArchUnit), with a real server where
 * one is left. A class that the starter references without a guard would fail that start with a
 * {@code NoClassDefFoundError}; the application must start, and nothing of the starter may degrade.
 * <p>
 * Runs on the JVM and Boot line of the suite: this module's (Boot 3.1.x, 3.5.x) and the Boot 4 project's.
 */
class StartupWithoutJarsTests {

	@TempDir
	Path temp;

	@ParameterizedTest(name = "class path without [{0}]")
	@ValueSource(strings = { "", "spring-boot-actuator|spring-boot-health", "micrometer-core|micrometer-java21",
			// One server at a time: Jetty's and Undertow's WebSocket support do not share a class path.
			"tomcat-embed-|spring-boot-tomcat|undertow-", "tomcat-embed-|spring-boot-tomcat|jetty-|websocket-",
			"tomcat-embed-|spring-boot-tomcat|jetty-|websocket-|undertow-|spring-webmvc|spring-boot-webmvc|jakarta.servlet-api",
			"archunit",
			// No messaging or GraphQL library at all: the starter's Kafka, RabbitMQ, JMS, Redis, Integration and
			// GraphQL pieces.
			"spring-kafka|spring-jms|spring-rabbit|spring-amqp|spring-data-redis|spring-integration-|artemis-|jakarta.jms"
					+ "|spring-graphql|graphql-java|java-dataloader" })
	void applicationStarts(String withoutJars) throws Exception {
		Pattern excluded = Pattern.compile(".*[/\\\\](" + (withoutJars.isEmpty() ? "(?!)" : withoutJars) + ")[^/\\\\]*$");
		List<String> classPath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
			.filter((entry) -> !excluded.matcher(entry).matches())
			.toList();
		boolean servlet = classPath.stream().anyMatch((entry) -> entry.contains("jakarta.servlet-api"));
		boolean server = classPath.stream()
			.anyMatch((entry) -> entry.matches(".*(tomcat-embed-core|jetty-server|undertow-core).*"));
		assumeTrue(!servlet || server, "a servlet application without a server is not one Boot can start");
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		Path log = this.temp.resolve("app.log");
		// Only whether it starts matters here, not how fast its code runs: no optimising compiler, one GC thread.
		Process process = new ProcessBuilder(java, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp",
				String.join(File.pathSeparator, classPath), GuardApplication.class.getName())
			.redirectErrorStream(true)
			.redirectOutput(log.toFile())
			.start();
		boolean ended = process.waitFor(120, TimeUnit.SECONDS);
		if (!ended) {
			process.destroyForcibly();
		}
		String output = Files.readString(log, StandardCharsets.UTF_8);
		assertThat(ended).as("the application ended within 120 s:%n%s", output).isTrue();
		assertThat(process.exitValue()).as("exit code; output:%n%s", output).isZero();
		assertThat(output).contains(GuardApplication.STARTED).contains("DEGRADED {}");
		assertThat(output).doesNotContain("NoClassDefFoundError").doesNotContain("ClassNotFoundException");
		String missing = classPath.stream().filter((entry) -> entry.contains("vt-starter")).collect(Collectors.joining());
		assertThat(missing).as("the starter itself stays on the class path").isNotEmpty();
	}

}
