package io.github.vtstarter.autoconfigure;

import java.util.concurrent.Executor;

import io.github.vtstarter.autoconfigure.keepalive.KeepAliveThread;
import io.github.vtstarter.autoconfigure.web.TomcatVirtualThreadsCustomizer;
import io.github.vtstarter.task.VirtualThreadTaskExecutor;
import io.github.vtstarter.scheduling.VirtualThreadTaskScheduler;
import io.github.vtstarter.testsupport.EnabledWith;
import io.github.vtstarter.testsupport.EnabledWith.Runtime;
import io.github.vtstarter.testsupport.RunningApp;
import io.github.vtstarter.testsupport.ThreadController;
import io.github.vtstarter.testsupport.ThreadInfo;
import io.github.vtstarter.threads.CountingExecutor;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import io.github.vtstarter.threads.VirtualThreadStats;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.web.embedded.tomcat.TomcatWebServer;
import org.springframework.boot.web.servlet.context.ServletWebServerApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.scheduling.annotation.EnableAsync;
import org.springframework.scheduling.annotation.EnableScheduling;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * On Boot 3.2+ with the starter present: Boot's own beans do the work, nothing is configured twice, and
 * the starter adds only what Boot lacks (keep-alive by default).
 */
@EnabledWith(Runtime.BOOT_NATIVE)
class BootNativeTests {

	@Test
	void bootsNativeSupportDoesTheWorkAndTheStarterStepsAside() {
		try (RunningApp app = RunningApp.web(App.class)) {
			ThreadInfo served = app.get("/thread", ThreadInfo.class);
			assertThat(served.virtual()).isTrue();
			assertThat(served.name()).startsWith("tomcat-handler-");
			assertThat(app.context().getBeansOfType(TomcatVirtualThreadsCustomizer.class)).isEmpty();
			assertThat(app.context().getBeansOfType(VirtualThreadTaskExecutor.class)).isEmpty();
			assertThat(app.context().getBeansOfType(VirtualThreadTaskScheduler.class)).isEmpty();
			assertThat(app.context().getBean("applicationTaskExecutor").getClass().getName())
				.isEqualTo("org.springframework.core.task.SimpleAsyncTaskExecutor");
			assertThat(app.context().getBean("taskScheduler").getClass().getName())
				.isEqualTo("org.springframework.scheduling.concurrent.SimpleAsyncTaskScheduler");
			// what Boot lacks: it never keeps the JVM alive by itself
			assertThat(app.context().getBeansOfType(KeepAliveThread.class)).hasSize(1);
		}
	}

	@Test
	void bootsTomcatExecutorIsCountedAndStillStartsTheThreads() {
		// One request per connection, so that each request is one task of Tomcat's executor.
		try (RunningApp app = RunningApp.web(App.class, "server.tomcat.max-keep-alive-requests=1")) {
			ThreadInfo served = app.get("/thread", ThreadInfo.class);
			app.get("/thread", ThreadInfo.class);
			assertThat(served.name()).isEqualTo("tomcat-handler-0"); // Boot's VirtualThreadExecutor names it
			Executor executor = ((TomcatWebServer) ((ServletWebServerApplicationContext) app.context()).getWebServer())
				.getTomcat().getConnector().getProtocolHandler().getExecutor();
			assertThat(executor).isInstanceOf(CountingExecutor.class);
			assertThat(((CountingExecutor) executor).getDelegate().getClass().getName())
				.isEqualTo("org.apache.tomcat.util.threads.VirtualThreadExecutor");
			VirtualThreadStats tomcat = app.context().getBean(VirtualThreadRegistry.class)
				.stats(TomcatVirtualThreadsCustomizer.EXECUTOR_NAME);
			assertThat(tomcat.getStarted()).isGreaterThanOrEqualTo(2);
		}
	}

	@Test
	void theStartersDefaultSwitchesBootsNativeSupportOn() {
		// no spring.threads.virtual.enabled anywhere: the starter's default reaches Boot's own conditions
		try (RunningApp app = RunningApp.web(App.class)) {
			assertThat(app.context().getEnvironment().getProperty("spring.threads.virtual.enabled")).isEqualTo("true");
			assertThat(app.get("/thread", ThreadInfo.class).virtual()).isTrue();
		}
	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	@EnableAsync
	@EnableScheduling
	@Import(ThreadController.class)
	static class App {

	}

}
