package com.acme.boot4;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A healthy Boot 4 application starts without a WARN caused by the starter: none of its own, and no
 * {@code BeanPostProcessorChecker} line about a bean it made too early (its health indicator did, on Boot 4.0, as a
 * {@code FactoryBean}).
 */
@ExtendWith(OutputCaptureExtension.class)
class Boot4QuietStartTests {

	@Test
	void startsWithoutAWarningFromTheStarter(CapturedOutput output) {
		try (ConfigurableApplicationContext context = SpringApplication.run(Boot4Application.class,
				"--server.port=0", "--server.address=127.0.0.1", "--spring.main.banner-mode=off")) {
			assertThat(context.isRunning()).isTrue();
		}
		List<String> warnings = output.getOut()
			.lines()
			.filter((line) -> line.contains(" WARN ") || line.contains(" ERROR "))
			.filter((line) -> line.contains("vt-starter") || line.contains("vtstarter") || line.contains("i.g.v.")
					|| line.contains("BeanPostProcessorChecker")
					|| line.contains("is not eligible for getting processed by all BeanPostProcessors"))
			.toList();
		assertThat(warnings).as("WARN or ERROR lines caused by vt-starter").isEmpty();
	}

}
