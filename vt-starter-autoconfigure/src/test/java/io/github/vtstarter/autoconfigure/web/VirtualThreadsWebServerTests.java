package io.github.vtstarter.autoconfigure.web;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import io.github.vtstarter.testsupport.EnabledWith;
import io.github.vtstarter.testsupport.EnabledWith.Runtime;
import io.github.vtstarter.testsupport.RunningApp;
import io.github.vtstarter.testsupport.ThreadController;
import io.github.vtstarter.testsupport.ThreadInfo;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import io.undertow.Undertow;
import io.undertow.server.DefaultByteBufferPool;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.websocket.servlet.WebSocketServletAutoConfiguration;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.boot.web.embedded.jetty.JettyServletWebServerFactory;
import org.springframework.boot.web.embedded.tomcat.TomcatProtocolHandlerCustomizer;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.embedded.undertow.UndertowDeploymentInfoCustomizer;
import org.springframework.boot.web.embedded.undertow.UndertowServletWebServerFactory;
import org.springframework.boot.web.embedded.undertow.UndertowWebServer;
import org.springframework.boot.web.server.WebServer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.test.util.ReflectionTestUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Real embedded servers on random ports: which thread serves a request.
 */
@EnabledWith(Runtime.VIRTUAL_THREADS)
class VirtualThreadsWebServerTests {

	@Test
	void tomcatServesRequestsOnVirtualThreadsByDefault() {
		try (RunningApp app = RunningApp.web(DefaultServerApp.class)) {
			ThreadInfo served = app.get("/thread", ThreadInfo.class);
			assertThat(served.virtual()).as("served on %s", served.name()).isTrue();
			assertThat(served.name()).startsWith("tomcat-handler-");
		}
	}

	@Test
	void tomcatThreadsAreNumberedAsBootNumbersThem() {
		// Boot 3.2+ gives Tomcat its VirtualThreadExecutor, whose threads count from 0: the first request of a
		// fresh server runs on tomcat-handler-0, with the backport (Boot 3.1) as with Boot's own support.
		try (RunningApp app = RunningApp.web(DefaultServerApp.class)) {
			assertThat(app.get("/thread", ThreadInfo.class).name()).isEqualTo("tomcat-handler-0");
		}
	}

	@Test
	void tomcatRequestsAreCountedByTheRegistry() {
		// The starter's executor on Boot 3.1, Boot's own (wrapped) on 3.2+.
		// One request per connection: on a kept-alive connection Tomcat may read the next request on the
		// thread that served the previous one, and two requests would then be one task.
		try (RunningApp app = RunningApp.web(DefaultServerApp.class, "server.tomcat.max-keep-alive-requests=1")) {
			app.get("/thread", ThreadInfo.class);
			app.get("/thread", ThreadInfo.class);
			VirtualThreadRegistry registry = app.context().getBean(VirtualThreadRegistry.class);
			assertThat(registry.stats(TomcatVirtualThreadsCustomizer.EXECUTOR_NAME).getStarted())
				.isGreaterThanOrEqualTo(2);
		}
	}

	@Test
	void tomcatServesRequestsOnPlatformThreadsWhenSwitchedOff() {
		try (RunningApp app = RunningApp.web(DefaultServerApp.class, "spring.threads.virtual.enabled=false")) {
			ThreadInfo served = app.get("/thread", ThreadInfo.class);
			assertThat(served.virtual()).isFalse();
			assertThat(served.name()).startsWith("http-nio-");
		}
	}

	@Test
	@EnabledWith(Runtime.BACKPORT)
	void tomcatKeepsAnExecutorSetByTheApplication() {
		try (RunningApp app = RunningApp.web(UserExecutorApp.class)) {
			ThreadInfo served = app.get("/thread", ThreadInfo.class);
			assertThat(served.virtual()).isFalse();
			assertThat(served.name()).startsWith("user-pool-");
		}
	}

	@Test
	void jettyServesRequestsOnVirtualThreads() {
		try (RunningApp app = RunningApp.web(JettyApp.class)) {
			ThreadInfo served = app.get("/thread", ThreadInfo.class);
			assertThat(served.virtual()).as("served on %s", served.name()).isTrue();
		}
	}

	@Test
	void jettyRequestsAreCountedByTheRegistry() {
		// The starter's executor on Boot 3.1; on 3.2+ Boot's QueuedThreadPool executor or, from 3.5.7, its Jetty 12
		// VirtualThreadPool, wrapped.
		try (RunningApp app = RunningApp.web(JettyApp.class)) {
			app.get("/thread", ThreadInfo.class);
			VirtualThreadRegistry registry = app.context().getBean(VirtualThreadRegistry.class);
			assertThat(registry.stats(WebServerThreads.JETTY).getStarted()).isGreaterThanOrEqualTo(1);
		}
	}

	@Test
	void jettyServesRequestsOnPlatformThreadsWhenSwitchedOff() {
		try (RunningApp app = RunningApp.web(JettyApp.class, "spring.threads.virtual.enabled=false")) {
			ThreadInfo served = app.get("/thread", ThreadInfo.class);
			assertThat(served.virtual()).as("served on %s", served.name()).isFalse();
		}
	}

	@Test
	void undertowServesRequestsOnVirtualThreads() {
		try (RunningApp app = RunningApp.web(UndertowApp.class)) {
			ThreadInfo served = app.get("/thread", ThreadInfo.class);
			assertThat(served.virtual()).as("served on %s", served.name()).isTrue();
			assertThat(served.name()).startsWith("undertow-");
		}
	}

	@Test
	void undertowRequestsAreCountedByTheRegistry() {
		// The starter's executor on Boot 3.1 to 3.3, Boot's own (wrapped) on 3.4 and 3.5.
		try (RunningApp app = RunningApp.web(UndertowApp.class)) {
			app.get("/thread", ThreadInfo.class);
			VirtualThreadRegistry registry = app.context().getBean(VirtualThreadRegistry.class);
			assertThat(registry.stats(WebServerThreads.UNDERTOW).getStarted()).isGreaterThanOrEqualTo(1);
		}
	}

	@Test
	@EnabledWith(Runtime.VIRTUAL_THREADS)
	void undertowRequestsOnVirtualThreadsShareOneBufferPool() throws Exception {
		// Undertow's own pool keeps a cache per thread that used it: with a thread per request, a cache per request
		// (Undertow 2.3.11 to 2.3.13, this module's Boot 3.1.12 among them, never let go of them). On Boot 3.4+
		// Boot's executor runs the requests, and the pool is still the starter's.
		try (RunningApp app = RunningApp.web(UndertowApp.class)) {
			for (int i = 0; i < 20; i++) {
				assertThat(app.get("/thread", ThreadInfo.class).virtual()).isTrue();
			}
			WebServer server = ((WebServerApplicationContext) app.context()).getWebServer();
			Object pool = ReflectionTestUtils.getField(ReflectionTestUtils.getField(server, "undertow"), "byteBufferPool");
			assertThat(pool).isInstanceOf(DefaultByteBufferPool.class);
			assertThat(ReflectionTestUtils.getField(pool, "threadLocalCacheSize")).isEqualTo(0);
			assertThat((List<?>) ReflectionTestUtils.getField(pool, "threadLocalDataList")).isEmpty();
		}
	}

	@Test
	void undertowServesRequestsOnPlatformThreadsWhenSwitchedOff() {
		try (RunningApp app = RunningApp.web(UndertowApp.class, "spring.threads.virtual.enabled=false")) {
			ThreadInfo served = app.get("/thread", ThreadInfo.class);
			assertThat(served.virtual()).as("served on %s", served.name()).isFalse();
		}
	}

	@Test
	@EnabledWith(Runtime.BACKPORT)
	void jettyThreadsAreNamedAsInBoot32() {
		try (RunningApp app = RunningApp.web(JettyApp.class)) {
			assertThat(app.get("/thread", ThreadInfo.class).name()).matches("jetty-\\d+");
		}
	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	@Import(ThreadController.class)
	static class DefaultServerApp {

	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	@Import(ThreadController.class)
	static class UserExecutorApp {

		@Bean(destroyMethod = "shutdown")
		ExecutorService userPool() {
			return Executors.newFixedThreadPool(4, (task) -> new Thread(task, "user-pool-" + System.nanoTime()));
		}

		@Bean
		TomcatProtocolHandlerCustomizer<?> userExecutor(ExecutorService userPool) {
			return (protocolHandler) -> protocolHandler.setExecutor(userPool);
		}

	}

	// Tomcat's WebSocket customizer (Tomcat is on this test classpath too) shadows Jetty's: leave WebSocket out.
	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration(exclude = WebSocketServletAutoConfiguration.class)
	@Import(ThreadController.class)
	static class JettyApp {

		@Bean
		JettyServletWebServerFactory jettyServletWebServerFactory() {
			return new JettyServletWebServerFactory();
		}

	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	@Import(ThreadController.class)
	static class UndertowApp {

		// Applies deployment-info customizer beans as Boot does for a factory it creates: that is how Boot
		// 3.4+ puts Undertow on virtual threads, and this test runs against Boot 3.5 too.
		@Bean
		UndertowServletWebServerFactory undertowServletWebServerFactory(
				ObjectProvider<UndertowDeploymentInfoCustomizer> customizers) {
			UndertowServletWebServerFactory factory = new UndertowServletWebServerFactory();
			factory.getDeploymentInfoCustomizers().addAll(customizers.orderedStream().toList());
			return factory;
		}

	}

}
