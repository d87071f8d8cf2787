package io.github.vtstarter.autoconfigure.actuate;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.github.vtstarter.autoconfigure.BootVersion;
import io.github.vtstarter.autoconfigure.DegradedFeaturesCleanup;
import io.github.vtstarter.autoconfigure.pinning.PinningAutoConfiguration;
import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.pinning.ManualPinningEventSource;
import io.github.vtstarter.pinning.PinningEventSource;
import io.github.vtstarter.pinning.PinningListener;
import io.github.vtstarter.pinning.PinningMonitor;
import io.github.vtstarter.pinning.TestJdk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link VirtualThreadsEndpointAutoConfiguration} and the endpoint's answers in each mode, on any JDK.
 */
class VirtualThreadsEndpointAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(VirtualThreadsAutoConfiguration.class, PinningAutoConfiguration.class,
				VirtualThreadsEndpointAutoConfiguration.class))
		.withPropertyValues("management.endpoints.web.exposure.include=virtualthreads");

	@Test
	void absentWhenNotExposed() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(VirtualThreadsEndpointAutoConfiguration.class))
			.run((context) -> assertThat(context).doesNotHaveBean(VirtualThreadsEndpoint.class));
	}

	@Test
	void absentWhenDisabled() {
		this.runner.withPropertyValues("management.endpoint.virtualthreads.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(VirtualThreadsEndpoint.class));
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void onJava21ItReportsTheModeAndARunningMonitor() {
		this.runner.run((context) -> {
			assertThat(context.getBean(PinningMonitor.class).awaitStart(Duration.ofSeconds(10))).isTrue();
			Map<String, Object> body = context.getBean(VirtualThreadsEndpoint.class).virtualThreads();
			assertThat(body).containsEntry("enabled", true)
				.containsEntry("mode", BootVersion.current().hasNativeVirtualThreads() ? "boot-native" : "backport");
			assertThat(pinning(body)).containsEntry("available", true)
				.containsEntry("thresholdMs", 20.0)
				.containsEntry("total", 0L)
				.containsEntry("sites", List.of());
			assertThat(scheduler(body)).containsKeys("source", "parallelism");
		});
	}

	@Test
	@EnabledIf(TestJdk.NO_VIRTUAL_THREADS)
	void onJava17ItSaysTheJvmCannot() {
		this.runner.run((context) -> {
			VirtualThreadsEndpoint endpoint = context.getBean(VirtualThreadsEndpoint.class);
			Map<String, Object> body = endpoint.virtualThreads();
			assertThat(body).containsEntry("enabled", false)
				.containsEntry("mode", "unsupported-jvm")
				.containsEntry("executors", Map.of());
			assertThat(pinning(body)).containsEntry("available", false);
			assertThat((String) pinning(body).get("reason")).startsWith("Virtual threads need Java 21 or later");
			assertThat(endpoint.dump()).containsEntry("available", false);
		});
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void switchedOffItSaysDisabled() {
		this.runner.withPropertyValues("spring.threads.virtual.enabled=false").run((context) -> {
			Map<String, Object> body = context.getBean(VirtualThreadsEndpoint.class).virtualThreads();
			assertThat(body).containsEntry("enabled", false).containsEntry("mode", "disabled");
			assertThat(pinning(body)).containsEntry("available", false)
				.containsEntry("reason", "virtual threads are off (spring.threads.virtual.enabled=false)");
		});
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void pinningDetectionSwitchedOff() {
		this.runner.withPropertyValues("vtstarter.pinning.enabled=false").run((context) -> {
			Map<String, Object> body = context.getBean(VirtualThreadsEndpoint.class).virtualThreads();
			assertThat(pinning(body)).containsEntry("available", false)
				.containsEntry("reason", "pinning detection is off (vtstarter.pinning.enabled=false)");
		});
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS) // on Java 17 the starter steps aside: no monitor lifecycle records the failure
	void whenJfrCannotStartTheEndpointSaysWhy() {
		this.runner.withBean(PinningMonitor.class, () -> new PinningMonitor(Duration.ofMillis(20), 10, 10,
				() -> new PinningEventSource() {

					@Override
					public void start(Duration threshold, PinningListener listener) {
						throw new IllegalStateException("Flight Recorder is disabled");
					}

					@Override
					public void close() {
					}

				}))
			.run((context) -> {
				PinningMonitor monitor = context.getBean(PinningMonitor.class);
				assertThat(monitor.awaitStart(Duration.ofSeconds(10))).isFalse();
				VirtualThreadsEndpoint endpoint = context.getBean(VirtualThreadsEndpoint.class);
				assertThat(pinning(endpoint.virtualThreads())).containsEntry("available", false)
					.containsEntry("reason", "JFR could not be started: Flight Recorder is disabled");
				assertThat(endpoint.pinned()).containsEntry("available", false);
				assertThat(endpoint.virtualThreads().get("degraded")).asString().contains("the pinning monitor");
			});
		DegradedFeaturesCleanup.forget("the pinning monitor");
	}

	@Test
	@SuppressWarnings("unchecked")
	void sitesAreTheWorstFirstAndLimitedBySitesShown() {
		ManualPinningEventSource source = new ManualPinningEventSource();
		this.runner.withPropertyValues("vtstarter.pinning.sites-shown=2")
			.withBean(PinningMonitor.class, () -> ManualPinningEventSource.monitor(source))
			.run((context) -> {
				context.getBean(PinningMonitor.class).start();
				source.pinned(30, "java.lang.Thread.sleep(line 1)", "com.example.Cheap.call(line 5)");
				source.pinned(500, "com.example.Costly.call(line 7)");
				source.pinned(200, "com.example.Middle.call(line 9)");
				source.pinned(200, "com.example.Middle.call(line 9)");
				Map<String, Object> pinning = pinning(context.getBean(VirtualThreadsEndpoint.class).virtualThreads());
				assertThat(pinning).containsEntry("total", 4L).containsEntry("distinctSites", 3);
				List<Map<String, Object>> sites = (List<Map<String, Object>>) pinning.get("sites");
				assertThat(sites).extracting((site) -> site.get("location"))
					.containsExactly("com.example.Costly.call(line 7)", "com.example.Middle.call(line 9)");
				assertThat(sites.get(1)).containsEntry("count", 2L)
					.containsEntry("totalMs", 400.0)
					.containsEntry("maxMs", 200.0)
					.containsKeys("firstSeen", "lastSeen", "frames");
				Map<String, Object> pinned = context.getBean(VirtualThreadsEndpoint.class).pinned();
				assertThat((List<?>) pinned.get("events")).hasSize(4);
			});
	}

	@Test
	void unknownDetailIsNull() {
		this.runner.run((context) -> assertThat(context.getBean(VirtualThreadsEndpoint.class).detail("other")).isNull());
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> pinning(Map<String, Object> body) {
		return (Map<String, Object>) body.get("pinning");
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> scheduler(Map<String, Object> body) {
		return (Map<String, Object>) body.get("scheduler");
	}

}
