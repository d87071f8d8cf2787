package io.github.vtstarter.autoconfigure.pinning;

import io.github.vtstarter.autoconfigure.condition.ConditionalOnVirtualThreads;
import io.github.vtstarter.pinning.PinningMonitor;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * The JFR pinning monitor: watches, while the context runs, for virtual threads that block while pinned to
 * their carrier, and logs each new pinning site once ({@link PinningSiteLogger}). What it sees shows in
 * {@code /actuator/virtualthreads}
 * and in the {@code jvm.threads.virtual.pinned} timer.
 * <p>
 * Needs virtual threads on (Java 21+), whether vt-starter or Boot 3.2+ runs them; switched off with
 * {@code vtstarter.pinning.enabled=false}. A JVM without JFR does not fail the start: the monitor then reports
 * itself unavailable, with the reason.
 */
@AutoConfiguration
@ConditionalOnVirtualThreads
@ConditionalOnProperty(prefix = PinningProperties.PREFIX, name = "enabled", matchIfMissing = true)
@EnableConfigurationProperties(PinningProperties.class)
public class PinningAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	public PinningMonitor pinningMonitor(PinningProperties properties, PinningSiteLogger siteLogger) {
		properties.validate();
		PinningMonitor monitor = new PinningMonitor(properties.getThreshold(), properties.getRingSize());
		if (properties.isLogNewSites()) {
			monitor.addListener(siteLogger);
		}
		return monitor;
	}

	@Bean
	PinningSiteLogger pinningSiteLogger() {
		return new PinningSiteLogger();
	}

	@Bean
	@ConditionalOnMissingBean
	PinningMonitorLifecycle pinningMonitorLifecycle(PinningMonitor monitor) {
		return new PinningMonitorLifecycle(monitor);
	}

}
