package io.github.vtstarter.pinning;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.github.vtstarter.testsupport.ChildJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A real JVM on the JDK under test: a pinning monitor asked to start once JVM shutdown has begun does not start
 * Flight Recorder (a recording started after Flight Recorder's own shutdown hook never returns, and the JVM then
 * never exits: JDK-8373439), and the JVM exits. Without the check it hangs on JDK 21.0.8 and 25.0.3.
 */
class PinningMonitorShutdownTests {

	@TempDir
	Path dir;

	@Test
	void aStartOnceShutdownHasBegunLeavesFlightRecorderAloneAndTheJvmExits() throws Exception {
		Path log = this.dir.resolve("app.log");
		Process process = ChildJvm.start(log, List.of(), JfrShutdownApp.class);
		try {
			// A ceiling for a loaded machine; the JVM exits in about a second.
			boolean exited = process.waitFor(60, TimeUnit.SECONDS);
			String output = Files.readString(log, StandardCharsets.UTF_8);
			assertThat(exited).as("the JVM exits:%n%s", output).isTrue();
			assertThat(output).contains("started during shutdown: " + JfrPinningEventSource.SHUTTING_DOWN)
				.contains("closed");
		}
		finally {
			process.destroyForcibly();
		}
	}

}
