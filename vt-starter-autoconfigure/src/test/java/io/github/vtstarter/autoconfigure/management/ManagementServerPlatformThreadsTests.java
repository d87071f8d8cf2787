package io.github.vtstarter.autoconfigure.management;

import java.util.Map;

import io.github.vtstarter.autoconfigure.BootVersion;
import io.github.vtstarter.pinning.TestJdk;
import io.github.vtstarter.testsupport.RunningApp;
import io.github.vtstarter.threads.VirtualThreads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code vtstarter.management.platform-threads} (docs/configuration.md, docs/troubleshooting.md): with
 * {@code management.server.port} set, the management server answers on platform threads, so that health and the
 * endpoint answer while every carrier is held, while the application's requests run on virtual threads. {@code false}
 * gives the management server what the Boot line gives it: Boot 3.2+ puts it on virtual threads like the main server;
 * on Boot 3.1 neither Boot nor the backport does (the backport customizes the main server only), so there the switch
 * changes nothing. Read on a real application, from the thread each request runs on.
 */
@EnabledIf(TestJdk.VIRTUAL_THREADS)
class ManagementServerPlatformThreadsTests {

	private static final String[] MANAGEMENT = { "management.server.port=0", "management.server.address=127.0.0.1",
			"management.endpoints.web.exposure.include=thread" };

	@Test
	void byDefaultTheManagementServerAnswersOnPlatformThreadsAndTheApplicationOnVirtualOnes() {
		try (RunningApp app = RunningApp.web(ThreadApp.class, MANAGEMENT)) {
			assertThat(app.get("/thread", Map.class)).containsEntry("virtual", true);
			assertThat(managementThread(app)).containsEntry("virtual", false);
		}
	}

	@Test
	void falseLeavesTheManagementServerToTheBootLine() {
		try (RunningApp app = RunningApp.web(ThreadApp.class, with("vtstarter.management.platform-threads=false"))) {
			assertThat(app.get("/thread", Map.class)).containsEntry("virtual", true);
			// Boot 3.2+ applies its own virtual-thread customizer to the management server too.
			assertThat(managementThread(app)).containsEntry("virtual",
					BootVersion.current().hasNativeVirtualThreads());
		}
	}

	@Test
	void offIsReadAsBootReadsBooleans() {
		try (RunningApp app = RunningApp.web(ThreadApp.class, with("vtstarter.management.platform-threads=off"))) {
			assertThat(managementThread(app)).containsEntry("virtual",
					BootVersion.current().hasNativeVirtualThreads());
		}
	}

	private static String[] with(String property) {
		String[] properties = java.util.Arrays.copyOf(MANAGEMENT, MANAGEMENT.length + 1);
		properties[MANAGEMENT.length] = property;
		return properties;
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> managementThread(RunningApp app) {
		String port = app.context().getEnvironment().getProperty("local.management.port");
		assertThat(port).as("the management server's own port").isNotNull().isNotEqualTo(String.valueOf(app.port()));
		return new RestTemplate().getForObject("http://127.0.0.1:" + port + "/actuator/thread", Map.class);
	}

	private static Map<String, Object> describe(Thread thread) {
		return Map.of("name", thread.getName(), "virtual", VirtualThreads.isVirtual(thread));
	}

	@SpringBootConfiguration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class ThreadApp {

		@Bean
		ThreadEndpoint threadEndpoint() {
			return new ThreadEndpoint();
		}

		@Bean
		ThreadController threadController() {
			return new ThreadController();
		}

	}

	/** {@code /actuator/thread} on the management server: the thread that serves it. */
	@Endpoint(id = "thread")
	public static class ThreadEndpoint {

		@ReadOperation
		public Map<String, Object> thread() {
			return describe(Thread.currentThread());
		}

	}

	/** {@code /thread} on the main server. */
	@RestController
	public static class ThreadController {

		@GetMapping("/thread")
		public Map<String, Object> thread() {
			return describe(Thread.currentThread());
		}

	}

}
