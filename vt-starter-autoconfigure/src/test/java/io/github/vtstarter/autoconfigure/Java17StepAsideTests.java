package io.github.vtstarter.autoconfigure;

import io.github.vtstarter.testsupport.EnabledWith;
import io.github.vtstarter.testsupport.EnabledWith.Runtime;
import io.github.vtstarter.testsupport.RunningApp;
import io.github.vtstarter.testsupport.ThreadController;
import io.github.vtstarter.testsupport.ThreadInfo;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.scheduling.annotation.EnableAsync;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * On Java 17 the jars load, the application starts and serves as before, and one line says why the
 * starter is inactive.
 */
@EnabledWith(Runtime.NO_VIRTUAL_THREADS)
@ExtendWith(OutputCaptureExtension.class)
class Java17StepAsideTests {

	@Test
	void applicationRunsOnPlatformThreadsAndOneLineSaysWhy(CapturedOutput output) {
		try (RunningApp app = RunningApp.web(App.class)) {
			ThreadInfo served = app.get("/thread", ThreadInfo.class);
			assertThat(served.virtual()).isFalse();
			assertThat(served.name()).startsWith("http-nio-");
			assertThat(app.context().getBeansOfType(VirtualThreadRegistry.class)).isEmpty();
			assertThat(app.context().getBean("applicationTaskExecutor")).isInstanceOf(ThreadPoolTaskExecutor.class);
			assertThat(app.context().getBean("taskScheduler")).isInstanceOf(ThreadPoolTaskScheduler.class);
		}
		assertThat(output.getOut().lines().filter((line) -> line.contains("vt-starter is inactive")))
			.singleElement()
			.asString()
			.contains("INFO")
			.contains("Virtual threads need Java 21 or later; this is Java " + java.lang.Runtime.version().feature());
	}

	@Test
	void switchedOffExplicitlyThereIsNothingToSay(CapturedOutput output) {
		try (RunningApp app = RunningApp.web(App.class, "spring.threads.virtual.enabled=false")) {
			assertThat(app.get("/thread", ThreadInfo.class).virtual()).isFalse();
		}
		assertThat(output).doesNotContain("vt-starter is inactive");
	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	@EnableAsync
	@EnableScheduling
	@Import(ThreadController.class)
	static class App {

	}

}
