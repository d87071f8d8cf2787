package com.acme.keepalive;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * Keep-alive on Boot 4, in real JVMs. With virtual threads on, Boot runs {@code @Scheduled} methods on daemon
 * virtual threads and leaves {@code spring.main.keep-alive} off: without the starter's keep-alive, an
 * application whose only work is scheduled would exit as soon as {@code main} returns. A command-line
 * application with no background work still exits, as it does without the starter.
 */
class KeepAliveTests {

	@TempDir
	Path temp;

	@Test
	void anApplicationWhoseOnlyWorkIsScheduledKeepsRunning() throws Exception {
		Path log = this.temp.resolve("scheduled.log");
		Process process = start(ScheduledOnlyApplication.class, log);
		try {
			await().atMost(Duration.ofSeconds(60)).until(() -> ticks(log) >= 10);
			assertThat(process.isAlive()).as("alive after main returned and 10 scheduled runs").isTrue();
		}
		finally {
			process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
		}
	}

	@Test
	void aCommandLineApplicationWithNoBackgroundWorkExits() throws Exception {
		// Micrometer's VirtualThreadMetrics, which Boot registers when micrometer-java21 is present, reads JFR on
		// a non-daemon thread ("JFR Event Stream"): with it, such an application never exits, starter or not.
		assumeFalse(ClassUtils.isPresent("io.micrometer.java21.instrument.binder.jdk.VirtualThreadMetrics", null),
				"micrometer-java21's VirtualThreadMetrics holds the JVM with a non-daemon JFR thread");
		Path log = this.temp.resolve("command-line.log");
		Process process = start(CommandLineApplication.class, log);
		boolean exited = process.waitFor(60, TimeUnit.SECONDS);
		if (!exited) {
			process.destroyForcibly();
		}
		String output = Files.readString(log, StandardCharsets.UTF_8);
		assertThat(exited).as("exited by itself; output:%n%s", output).isTrue();
		assertThat(output).contains("MAIN-RETURNED");
	}

	private static long ticks(Path log) throws Exception {
		return Files.readAllLines(log, StandardCharsets.UTF_8).stream().filter((line) -> line.startsWith("TICK")).count();
	}

	private static Process start(Class<?> main, Path log) throws Exception {
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		return new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), main.getName())
			.redirectErrorStream(true)
			.redirectOutput(log.toFile())
			.start();
	}

	@SpringBootConfiguration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	@EnableScheduling
	public static class ScheduledOnlyApplication {

		@Scheduled(fixedRate = 100)
		void tick() {
			System.out.println("TICK " + Thread.currentThread());
		}

		public static void main(String[] args) {
			new SpringApplicationBuilder(ScheduledOnlyApplication.class).web(WebApplicationType.NONE)
				.run("--spring.main.banner-mode=off", "--spring.jmx.enabled=false");
			System.out.println("MAIN-RETURNED");
		}

	}

	@SpringBootConfiguration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	public static class CommandLineApplication {

		public static void main(String[] args) {
			new SpringApplicationBuilder(CommandLineApplication.class).web(WebApplicationType.NONE)
				.run("--spring.main.banner-mode=off", "--spring.jmx.enabled=false");
			System.out.println("MAIN-RETURNED");
		}

	}

}
