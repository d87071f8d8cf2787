package io.github.vtstarter.autoconfigure.metrics;

import io.github.vtstarter.autoconfigure.pinning.PinningAutoConfiguration;
import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.autoconfigure.watchdog.WatchdogAutoConfiguration;
import io.github.vtstarter.pinning.PinningMonitor;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import io.github.vtstarter.watchdog.SchedulerWatchdog;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Micrometer meters for virtual threads: the pinning timer and submit-failed counter, and {@code executor.*}
 * meters for the starter's executors. Only with micrometer-core and a {@link MeterRegistry} bean (the actuator
 * provides one).
 * <p>
 * On Boot 3.5+ with {@code micrometer-java21} on the classpath, Boot registers Micrometer's own
 * {@code VirtualThreadMetrics}, with the same meter names; the pinning meters then step aside.
 */
@AutoConfiguration(after = { VirtualThreadsAutoConfiguration.class, PinningAutoConfiguration.class,
		WatchdogAutoConfiguration.class },
		// Boot 3 names, then Boot 4's (module spring-boot-micrometer-metrics): after whichever exist.
		afterName = { "org.springframework.boot.actuate.autoconfigure.metrics.MetricsAutoConfiguration",
				"org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration",
				"org.springframework.boot.actuate.autoconfigure.metrics.export.simple.SimpleMetricsExportAutoConfiguration",
				"org.springframework.boot.actuate.autoconfigure.metrics.JvmMetricsAutoConfiguration",
				"org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
				"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
				"org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration",
				"org.springframework.boot.micrometer.metrics.autoconfigure.jvm.JvmMetricsAutoConfiguration" })
@ConditionalOnClass({ MeterRegistry.class, MeterBinder.class })
@ConditionalOnBean(MeterRegistry.class)
public class VirtualThreadsMetricsAutoConfiguration {

	/** Micrometer's binder for the same meters (micrometer-java21, Micrometer 1.14+). */
	static final String MICROMETER_VIRTUAL_THREAD_METRICS = "io.micrometer.java21.instrument.binder.jdk.VirtualThreadMetrics";

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBean(PinningMonitor.class)
	@ConditionalOnMissingBean(type = MICROMETER_VIRTUAL_THREAD_METRICS)
	static class PinningMetricsConfiguration {

		@Bean
		@ConditionalOnMissingBean
		VirtualThreadPinningMeterBinder virtualThreadPinningMeterBinder(PinningMonitor monitor,
				ObjectProvider<MeterBinder> binders) {
			// Boot 3.5+ declares Micrometer's VirtualThreadMetrics as a plain MeterBinder, which the condition
			// above cannot see: look at the binders themselves when binding.
			return new VirtualThreadPinningMeterBinder(monitor, () -> binders.stream()
				.anyMatch((binder) -> binder.getClass().getName().equals(MICROMETER_VIRTUAL_THREAD_METRICS)));
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBean(SchedulerWatchdog.class)
	static class SchedulerMetricsConfiguration {

		@Bean
		@ConditionalOnMissingBean
		WatchdogMeterBinder schedulerMeterBinder(SchedulerWatchdog watchdog) {
			return new WatchdogMeterBinder(watchdog);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBean(VirtualThreadRegistry.class)
	static class ExecutorMetricsConfiguration {

		@Bean
		@ConditionalOnMissingBean
		VirtualThreadExecutorMeterBinder virtualThreadExecutorMeterBinder(VirtualThreadRegistry registry) {
			return new VirtualThreadExecutorMeterBinder(registry);
		}

	}

}
