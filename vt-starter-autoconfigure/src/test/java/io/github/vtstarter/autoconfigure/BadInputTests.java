package io.github.vtstarter.autoconfigure;

import io.github.vtstarter.autoconfigure.actuate.PinningTestApplication;
import io.github.vtstarter.pinning.TestJdk;
import io.github.vtstarter.testsupport.RunningApp;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Bad input to the starter's properties: a wrong type or an out-of-range value refuses the start of a real
 * application, and the failure (and Boot's failure analysis in the log) names the property. (The backported
 * {@code spring.task.execution.simple.concurrency-limit=0} is refused on Boot 3.1 only: on 3.2+ it is Boot's own
 * property; see VirtualThreadsTaskExecutionAutoConfigurationTests.)
 */
@EnabledIf(TestJdk.VIRTUAL_THREADS)
@ExtendWith(OutputCaptureExtension.class)
class BadInputTests {

	@ParameterizedTest
	@CsvSource({ "vtstarter.watchdog.probe-interval, soon", "vtstarter.watchdog.probe-interval, 1ms",
			"vtstarter.watchdog.starvation-threshold, -1s", "vtstarter.watchdog.lag-threshold, 0s",
			"vtstarter.watchdog.enabled, maybe", "vtstarter.watchdog.quiet-period, 0s", "vtstarter.doctor.enabled, maybe",
			"vtstarter.dump.max-threads, 0", "vtstarter.dump.max-threads, many", "vtstarter.dump.max-size, 0B",
			"vtstarter.pinning.ring-size, 0", "vtstarter.pinning.threshold, -5ms",
			"spring.threads.virtual.enabled, yes-please" })
	void refusesToStartNamingTheProperty(String property, String value, CapturedOutput output) {
		assertThatThrownBy(() -> RunningApp.web(PinningTestApplication.class,
				"management.endpoints.web.exposure.include=virtualthreads", property + "=" + value).close())
			.hasStackTraceContaining(property);
		assertThat(output.getOut() + output.getErr()).contains("APPLICATION FAILED TO START").contains(property);
	}

}
