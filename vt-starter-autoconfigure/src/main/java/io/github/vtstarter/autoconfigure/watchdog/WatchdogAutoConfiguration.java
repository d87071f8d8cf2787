package io.github.vtstarter.autoconfigure.watchdog;

import java.util.function.ToLongFunction;

import io.github.vtstarter.autoconfigure.condition.ConditionalOnVirtualThreads;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import io.github.vtstarter.threads.VirtualThreadStats;
import io.github.vtstarter.threads.VirtualThreads;
import io.github.vtstarter.watchdog.CarrierPool;
import io.github.vtstarter.watchdog.HeldCarrierFinder;
import io.github.vtstarter.watchdog.SchedulerWatchdog;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The watchdog of the virtual-thread scheduler: scheduling lag, overload, stall, starvation and carrier-pool
 * growth, logged within a budget per episode, shown in {@code /actuator/virtualthreads}, as meters, and as the
 * {@code virtualThreads} health indicator (Boot 3's or Boot 4's health API, whichever is present).
 * <p>
 * Progress is read from the executors the starter counts (tasks started and completed), from the carrier pool and
 * from thread dumps, so that a long run queue under load is told from a freeze.
 * <p>
 * Needs virtual threads on (Java 21+), whether vt-starter or Boot 3.2+ runs them; switched off with
 * {@code vtstarter.watchdog.enabled=false}.
 */
@AutoConfiguration
@ConditionalOnVirtualThreads
@ConditionalOnProperty(prefix = WatchdogProperties.PREFIX, name = "enabled", matchIfMissing = true)
@EnableConfigurationProperties(WatchdogProperties.class)
public class WatchdogAutoConfiguration {

	/** The health indicator's bean name, hence its name under {@code /actuator/health}. */
	public static final String HEALTH_INDICATOR_NAME = "virtualThreads";

	@Bean
	@ConditionalOnMissingBean
	public SchedulerWatchdog schedulerWatchdog(WatchdogProperties properties,
			ObjectProvider<VirtualThreadRegistry> registry, WatchdogLogger logger) {
		properties.validate();
		VirtualThreadRegistry counted = registry.getIfAvailable(VirtualThreadRegistry::new);
		SchedulerWatchdog watchdog = new SchedulerWatchdog(properties.getProbeInterval(),
				properties.getLagThreshold(), properties.getStarvationThreshold(), properties.getQuietPeriod(),
				VirtualThreads.namedFactory(SchedulerWatchdog.PROBE_NAME + "-"), new CarrierPool(),
				new HeldCarrierFinder(), () -> sum(counted, VirtualThreadStats::getStarted),
				() -> sum(counted, VirtualThreadStats::getCompleted) + sum(counted, VirtualThreadStats::getFailed));
		watchdog.addListener(logger);
		return watchdog;
	}

	private static long sum(VirtualThreadRegistry registry, ToLongFunction<VirtualThreadStats> count) {
		long sum = 0;
		for (VirtualThreadStats stats : registry.all()) {
			sum += count.applyAsLong(stats);
		}
		return sum;
	}

	@Bean
	WatchdogLogger watchdogLogger() {
		return new WatchdogLogger();
	}

	@Bean
	@ConditionalOnMissingBean
	WatchdogLifecycle schedulerWatchdogLifecycle(SchedulerWatchdog watchdog) {
		return new WatchdogLifecycle(watchdog);
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.springframework.boot.actuate.health.HealthIndicator")
	static class Boot3HealthConfiguration {

		@Bean(name = HEALTH_INDICATOR_NAME)
		@ConditionalOnMissingBean(name = HEALTH_INDICATOR_NAME)
		VirtualThreadsHealthIndicator virtualThreadsHealthIndicator(SchedulerWatchdog watchdog) {
			return new VirtualThreadsHealthIndicator(watchdog);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = Boot4HealthIndicatorRegistrar.HEALTH_INDICATOR)
	@Import(Boot4HealthIndicatorRegistrar.class)
	static class Boot4HealthConfiguration {

	}

}
