package io.github.vtstarter.autoconfigure.web;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import io.github.vtstarter.testsupport.EnabledWith;
import io.github.vtstarter.testsupport.EnabledWith.Runtime;
import io.github.vtstarter.testsupport.RunningApp;
import io.github.vtstarter.testsupport.ThreadController;
import io.github.vtstarter.testsupport.ThreadInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.web.embedded.tomcat.TomcatProtocolHandlerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/how-it-works.md, "User beans win": a {@code TomcatProtocolHandlerCustomizer} that sets an executor keeps it,
 * and that is logged once at INFO, so that nobody wonders why requests are not on virtual threads. The backport's
 * Tomcat customizer does this (on Boot 3.2+ Boot's own does, with nothing of the starter's to log).
 */
@EnabledWith(Runtime.BACKPORT)
@ExtendWith(OutputCaptureExtension.class)
class ApplicationExecutorKeptTests {

	@Test
	void tomcatKeepsTheApplicationsExecutorAndSaysSoOnceAtInfo(CapturedOutput output) {
		try (RunningApp app = RunningApp.web(UserExecutorApp.class)) {
			ThreadInfo served = app.get("/thread", ThreadInfo.class);
			assertThat(served.virtual()).isFalse();
			assertThat(served.name()).startsWith("app-pool-");
			List<String> lines = output.getOut()
				.lines()
				.filter((line) -> line.contains("set by the application"))
				.toList();
			assertThat(lines).singleElement()
				.asString()
				.contains(" INFO ")
				.contains("Tomcat keeps the executor ")
				.endsWith("set by the application; its requests do not run on vt-starter's virtual threads");
		}
	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	@Import(ThreadController.class)
	static class UserExecutorApp {

		@Bean(destroyMethod = "shutdown")
		ExecutorService appPool() {
			return Executors.newFixedThreadPool(4, (task) -> new Thread(task, "app-pool-" + System.nanoTime()));
		}

		@Bean
		TomcatProtocolHandlerCustomizer<?> appExecutor(ExecutorService appPool) {
			return (protocolHandler) -> protocolHandler.setExecutor(appPool);
		}

	}

}
