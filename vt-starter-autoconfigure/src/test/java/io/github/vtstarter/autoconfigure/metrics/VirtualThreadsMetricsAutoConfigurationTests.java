package io.github.vtstarter.autoconfigure.metrics;

import io.github.vtstarter.pinning.ManualPinningEventSource;
import io.github.vtstarter.pinning.PinningMonitor;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import io.github.vtstarter.threads.VirtualThreadStats;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.boot.actuate.autoconfigure.metrics.MetricsAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.metrics.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link VirtualThreadsMetricsAutoConfiguration}: which meters, when, and that they count. Runs on every JDK:
 * the monitor and registry are the application's own here, fed by hand.
 */
class VirtualThreadsMetricsAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(MetricsAutoConfiguration.class,
				SimpleMetricsExportAutoConfiguration.class, VirtualThreadsMetricsAutoConfiguration.class))
		.withUserConfiguration(MonitorAndExecutors.class);

	@Test
	void pinnedTimerAndSubmitFailedCounterFollowTheMonitor() {
		this.runner.run((context) -> {
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			context.getBean(PinningMonitor.class).start();
			ManualPinningEventSource source = context.getBean(ManualPinningEventSource.class);
			source.pinned(30, "com.example.A.a(line 1)");
			source.pinned(50, "com.example.A.a(line 1)");
			source.submitFailed();
			Timer pinned = meters.get("jvm.threads.virtual.pinned").timer();
			assertThat(pinned.count()).isEqualTo(2);
			assertThat(pinned.max(java.util.concurrent.TimeUnit.MILLISECONDS)).isEqualTo(50);
			assertThat(meters.get("jvm.threads.virtual.submit.failed").counter().count()).isEqualTo(1);
		});
	}

	@Test
	void executorMetersAreNamedLikeBootsAndCoverExecutorsCreatedLater() {
		this.runner.run((context) -> {
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			VirtualThreadRegistry executors = context.getBean(VirtualThreadRegistry.class);
			VirtualThreadStats stats = executors.stats("applicationTaskExecutor");
			double[] activeInside = new double[1];
			stats.track(() -> activeInside[0] = meters.get("executor.active")
				.tag("name", "applicationTaskExecutor")
				.gauge()
				.value()).run();
			assertThat(activeInside[0]).isEqualTo(1);
			assertThat(meters.get("executor.active").tag("name", "applicationTaskExecutor").gauge().value()).isZero();
			assertThat(meters.get("executor.pool.size").tag("name", "applicationTaskExecutor").gauge().value()).isZero();
			assertThat(meters.get("executor.completed").tag("name", "applicationTaskExecutor").functionCounter().count())
				.isEqualTo(1);
			assertThat(meters.find("executor.active").tag("name", "tomcat").gauge()).isNotNull();
		});
	}

	@Test
	void executorPoolAndQueueMetersSayWhatAThreadPerTaskExecutorIs() {
		this.runner.run((context) -> {
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			VirtualThreadStats stats = context.getBean(VirtualThreadRegistry.class).stats("applicationTaskExecutor");
			Runnable handedOver = stats.track(() -> {
			});
			assertThat(gauge(meters, "executor.queued")).isEqualTo(1);
			assertThat(gauge(meters, "executor.queue.remaining")).isEqualTo(Integer.MAX_VALUE - 1);
			assertThat(gauge(meters, "executor.pool.core")).isZero();
			assertThat(gauge(meters, "executor.pool.max")).isEqualTo(Integer.MAX_VALUE);
			handedOver.run();
			assertThat(gauge(meters, "executor.queued")).isZero();
			stats.setConcurrencyLimit(8);
			assertThat(gauge(meters, "executor.pool.max")).isEqualTo(8);
		});
	}

	private static double gauge(MeterRegistry meters, String name) {
		return meters.get(name).tag("name", "applicationTaskExecutor").gauge().value();
	}

	@Test
	void noMetersWithoutAMeterRegistry() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(VirtualThreadsMetricsAutoConfiguration.class))
			.withUserConfiguration(MonitorAndExecutors.class)
			.run((context) -> assertThat(context).doesNotHaveBean(VirtualThreadPinningMeterBinder.class)
				.doesNotHaveBean(VirtualThreadExecutorMeterBinder.class));
	}

	@Test
	void noMetersWithoutMicrometer() {
		this.runner.withClassLoader(new FilteredClassLoader("io.micrometer.core"))
			.run((context) -> assertThat(context).doesNotHaveBean(VirtualThreadPinningMeterBinder.class)
				.doesNotHaveBean(VirtualThreadExecutorMeterBinder.class));
	}

	@Test
	void pinnedMetersAreNotRegisteredTwice() {
		// As when micrometer-java21's VirtualThreadMetrics (or anyone) registered the same names first.
		SimpleMeterRegistry meters = new SimpleMeterRegistry();
		Timer theirs = Timer.builder("jvm.threads.virtual.pinned").register(meters);
		ManualPinningEventSource source = new ManualPinningEventSource();
		PinningMonitor monitor = ManualPinningEventSource.monitor(source);
		new VirtualThreadPinningMeterBinder(monitor).bindTo(meters);
		monitor.start();
		source.pinned(30, "com.example.A.a(line 1)");
		assertThat(meters.find("jvm.threads.virtual.pinned").meters()).containsExactly(theirs);
		assertThat(theirs.count()).isZero();
		assertThat(meters.find("jvm.threads.virtual.submit.failed").meter()).isNull();
	}

	@Test
	void userBinderWins() {
		this.runner.withBean("myBinder", VirtualThreadPinningMeterBinder.class,
				() -> new VirtualThreadPinningMeterBinder(new PinningMonitor(java.time.Duration.ZERO, 1)))
			.run((context) -> assertThat(context).hasSingleBean(VirtualThreadPinningMeterBinder.class)
				.hasBean("myBinder"));
	}

	@Configuration(proxyBeanMethods = false)
	static class MonitorAndExecutors {

		@Bean
		ManualPinningEventSource manualPinningEventSource() {
			return new ManualPinningEventSource();
		}

		@Bean
		PinningMonitor pinningMonitor(ManualPinningEventSource source) {
			return ManualPinningEventSource.monitor(source);
		}

		@Bean
		VirtualThreadRegistry virtualThreadRegistry() {
			VirtualThreadRegistry registry = new VirtualThreadRegistry();
			registry.stats("tomcat");
			return registry;
		}

	}

}
