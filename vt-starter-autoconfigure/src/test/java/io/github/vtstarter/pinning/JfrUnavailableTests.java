package io.github.vtstarter.pinning;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.github.vtstarter.testsupport.ChildJvm;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Java runtime without the {@code jdk.jfr} module (as a jlink image without it): the monitor does not fail,
 * it says why it sees nothing. Runs the check in a child JVM started with {@code --limit-modules}.
 */
class JfrUnavailableTests {

	@Test
	void runtimeWithoutJdkJfrModule() throws Exception {
		Process process = ChildJvm.start(List.of("--limit-modules", "java.base,java.logging,java.management"),
				WithoutJfr.class);
		assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(process.exitValue()).as(output).isZero();
		assertThat(output).contains("available=false")
			.contains("reason=JFR could not be started: the Java runtime has no jdk.jfr module");
	}

	/** The child JVM's main. */
	public static final class WithoutJfr {

		public static void main(String[] args) {
			PinningMonitor monitor = new PinningMonitor(Duration.ofMillis(20), 10);
			monitor.start();
			System.out.println("available=" + monitor.isAvailable());
			System.out.println("reason=" + monitor.getUnavailableReason());
			monitor.close();
			System.out.println(File.separator.isEmpty() ? "" : "done");
		}

	}

}
