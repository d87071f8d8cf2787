package io.github.vtstarter.autoconfigure.keepalive;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.github.vtstarter.testsupport.ChildJvm;
import io.github.vtstarter.testsupport.EnabledWith;
import io.github.vtstarter.testsupport.EnabledWith.Runtime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Real JVMs: {@link KeepAliveApp} (scheduled work) and {@link CommandLineApp} (a runner, with and without work
 * handed to the application task executor) are alive while they have work and their context runs, and gone once
 * it is closed; an application with nothing left to do exits when {@code main} returns, as without the starter.
 */
@EnabledWith(Runtime.VIRTUAL_THREADS)
class KeepAliveProcessTests {

	// Ceilings, not expectations: a JVM that starts Spring on a loaded 2-core CI machine can take half a minute.
	private static final Duration WAIT = Duration.ofSeconds(120);

	@TempDir
	Path dir;

	@Test
	void nonWebAppWithOnlyScheduledWorkStaysAliveUntilItsContextIsClosed() throws Exception {
		Path log = this.dir.resolve("app.log");
		Process process = start(log);
		try {
			await().atMost(WAIT).until(() -> read(log).contains("main returned"));
			// Ten more ticks printed after main returned: the JVM outlived main and the scheduled work goes on.
			int ticks = countTicks(log);
			await().atMost(WAIT).until(() -> countTicks(log) >= ticks + 10);
			assertThat(process.isAlive()).as("JVM alive after main returned:%n%s", read(log)).isTrue();
			assertThat(read(log)).contains("tick on VirtualThread[#").contains("scheduling-");
		}
		finally {
			// SIGTERM runs Boot's shutdown hook, which closes the context and so ends the keep-alive thread
			process.destroy();
		}
		assertThat(process.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)).as("JVM exits once the context is closed").isTrue();
	}

	@Test
	void withKeepAliveOffTheJvmExitsWhenMainReturns() throws Exception {
		Path log = this.dir.resolve("app.log");
		Process process = start(log, "--spring.main.keep-alive=false");
		try {
			assertThat(process.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)).as("JVM exits by itself:%n%s", read(log)).isTrue();
			assertThat(read(log)).contains("main returned");
		}
		finally {
			process.destroyForcibly();
		}
	}

	@Test
	void commandLineAppExitsWhenMainReturnsAsWithoutTheStarter() throws Exception {
		// Nothing runs on virtual threads after main returns: keep-alive has nothing to hold the JVM for.
		Path log = this.dir.resolve("app.log");
		Process process = start(log, CommandLineApp.class);
		try {
			assertThat(process.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)).as("JVM exits by itself:%n%s", read(log)).isTrue();
			assertThat(read(log)).contains("runner done").contains("main returned");
		}
		finally {
			process.destroyForcibly();
		}
	}

	@Test
	void workHandedToTheApplicationTaskExecutorHoldsTheJvmUntilTheContextIsClosed() throws Exception {
		Path log = this.dir.resolve("app.log");
		Process process = start(log, CommandLineApp.class, "--submit");
		try {
			await().atMost(WAIT).until(() -> read(log).contains("work done on"));
			String output = read(log);
			assertThat(output.indexOf("main returned")).as("main returned before the work was done:%n%s", output)
				.isBetween(0, output.indexOf("work done on"));
			assertThat(output).contains("work done on VirtualThread[#").contains("task-");
			// The app's daemon heartbeat goes on after the work is done: the JVM is held until the context closes.
			int heartbeats = count(log, "heartbeat");
			await().atMost(WAIT).until(() -> count(log, "heartbeat") >= heartbeats + 5);
			assertThat(process.isAlive()).as("JVM alive until the context is closed:%n%s", read(log)).isTrue();
		}
		finally {
			process.destroy();
		}
		assertThat(process.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)).as("JVM exits once the context is closed").isTrue();
	}

	private Process start(Path log, String... args) throws IOException {
		return start(log, KeepAliveApp.class, args);
	}

	private Process start(Path log, Class<?> main, String... args) throws IOException {
		List<String> arguments = new java.util.ArrayList<>(List.of("--spring.main.banner-mode=off"));
		arguments.addAll(List.of(args));
		return ChildJvm.start(log, List.of(), main, arguments.toArray(String[]::new));
	}

	private static int countTicks(Path log) throws IOException {
		return count(log, "tick on");
	}

	private static int count(Path log, String linePrefix) throws IOException {
		return (int) read(log).lines().filter((line) -> line.startsWith(linePrefix)).count();
	}

	private static String read(Path log) throws IOException {
		return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
	}

}
