package io.github.vtstarter.autoconfigure.watchdog;

import io.github.vtstarter.autoconfigure.ConditionalOnVirtualThreads;
import io.github.vtstarter.watchdog.CarrierPool;
import io.github.vtstarter.watchdog.HeldCarrierFinder;
import io.github.vtstarter.watchdog.SchedulerWatchdog;
import io.github.vtstarter.threads.VirtualThreads;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The scheduler watchdog: scheduling lag, starvation and carrier-pool growth of the virtual-thread scheduler,
 * logged per episode, shown in {@code /actuator/virtualthreads}, as meters, and as the {@code virtualThreads}
 * health indicator (Boot 3's or Boot 4's health API, whichever is present).
 * <p>
 * Needs virtual threads on (Java 21+), whether vt-starter or Boot 3.2+ runs them; switched off with
 * {@code vtstarter.scheduler.enabled=false}.
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
	public SchedulerWatchdog schedulerWatchdog(WatchdogProperties properties) {
		properties.validate();
		SchedulerWatchdog watchdog = new SchedulerWatchdog(properties.getProbeInterval(),
				properties.getLagWarningThreshold(), properties.getStarvationThreshold(),
				VirtualThreads.namedFactory(SchedulerWatchdog.PROBE_NAME + "-"), new CarrierPool(),
				new HeldCarrierFinder());
		watchdog.addListener(new WatchdogLogger());
		return watchdog;
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
	@ConditionalOnClass(name = Boot4HealthIndicatorFactory.HEALTH_INDICATOR)
	static class Boot4HealthConfiguration {

		@Bean(name = HEALTH_INDICATOR_NAME)
		@ConditionalOnMissingBean(name = HEALTH_INDICATOR_NAME)
		static Boot4HealthIndicatorFactory virtualThreadsHealthIndicator(SchedulerWatchdog watchdog)
				throws ReflectiveOperationException {
			return new Boot4HealthIndicatorFactory(watchdog, Boot4HealthIndicatorFactory.class.getClassLoader());
		}

	}

}
