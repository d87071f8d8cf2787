package io.github.vtstarter.autoconfigure.keepalive;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.github.vtstarter.testsupport.EnabledWith;
import io.github.vtstarter.testsupport.EnabledWith.Runtime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A real JVM running {@link KeepAliveApp}: alive while its context runs, gone once it is closed.
 */
@EnabledWith(Runtime.VIRTUAL_THREADS)
class KeepAliveProcessTests {

	@TempDir
	Path dir;

	@Test
	void nonWebAppWithOnlyScheduledWorkStaysAliveUntilItsContextIsClosed() throws Exception {
		Path log = this.dir.resolve("app.log");
		Process process = start(log);
		try {
			await().atMost(Duration.ofSeconds(30)).until(() -> read(log).contains("main returned"));
			int ticks = countTicks(log);
			Thread.sleep(1500);
			assertThat(process.isAlive()).as("JVM alive after main returned:%n%s", read(log)).isTrue();
			assertThat(countTicks(log)).as("scheduled work goes on").isGreaterThan(ticks);
			assertThat(read(log)).contains("tick on VirtualThread[#").contains("scheduling-");
		}
		finally {
			// SIGTERM runs Boot's shutdown hook, which closes the context and so ends the keep-alive thread
			process.destroy();
		}
		assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("JVM exits once the context is closed").isTrue();
	}

	@Test
	void withKeepAliveOffTheJvmExitsWhenMainReturns() throws Exception {
		Path log = this.dir.resolve("app.log");
		Process process = start(log, "--spring.main.keep-alive=false");
		try {
			assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("JVM exits by itself:%n%s", read(log)).isTrue();
			assertThat(read(log)).contains("main returned");
		}
		finally {
			process.destroyForcibly();
		}
	}

	private Process start(Path log, String... args) throws IOException {
		String java = ProcessHandle.current().info().command().orElseThrow();
		List<String> command = new java.util.ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
				KeepAliveApp.class.getName(), "--spring.main.banner-mode=off"));
		command.addAll(List.of(args));
		return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
	}

	private static int countTicks(Path log) throws IOException {
		return (int) read(log).lines().filter((line) -> line.startsWith("tick on")).count();
	}

	private static String read(Path log) throws IOException {
		return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
	}

}
