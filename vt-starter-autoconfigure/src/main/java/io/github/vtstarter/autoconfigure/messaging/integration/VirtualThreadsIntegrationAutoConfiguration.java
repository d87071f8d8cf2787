package io.github.vtstarter.autoconfigure.messaging.integration;

import io.github.vtstarter.autoconfigure.condition.ConditionalOnMissingBootSupport;
import io.github.vtstarter.autoconfigure.condition.ConditionalOnVirtualThreads;
import io.github.vtstarter.autoconfigure.scheduling.VirtualThreadsTaskSchedulingAutoConfiguration;
import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.scheduling.VirtualThreadTaskScheduler;
import io.github.vtstarter.threads.VirtualThreadRegistry;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.task.TaskSchedulingProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Spring Integration's {@code taskScheduler} (pollers, delayers, timeouts) on virtual threads, as Boot 3.4+ gives
 * it a virtual {@code SimpleAsyncTaskScheduler}: up to Boot 3.3, when nothing else defined a bean of that name
 * (the starter's or Boot's {@code @Scheduled} scheduler, when present, is shared, as in Boot), the starter defines a
 * {@link VirtualThreadTaskScheduler} ({@code scheduling-N}, counted under {@code taskScheduler}) before Boot's
 * Integration auto-configuration would define a platform {@code ThreadPoolTaskScheduler}.
 * {@code spring.task.scheduling.thread-name-prefix} and {@code shutdown.*} apply, as for Boot 3.4's.
 */
@AutoConfiguration(after = { VirtualThreadsAutoConfiguration.class, VirtualThreadsTaskSchedulingAutoConfiguration.class },
		afterName = "org.springframework.boot.autoconfigure.task.TaskSchedulingAutoConfiguration",
		beforeName = { "org.springframework.boot.autoconfigure.integration.IntegrationAutoConfiguration",
				"org.springframework.boot.integration.autoconfigure.IntegrationAutoConfiguration" })
@ConditionalOnClass(name = "org.springframework.integration.context.IntegrationContextUtils")
@ConditionalOnVirtualThreads
@ConditionalOnMissingBootSupport(since = "3.4")
@EnableConfigurationProperties(TaskSchedulingProperties.class)
public class VirtualThreadsIntegrationAutoConfiguration {

	/**
	 * Spring Integration's name for its scheduler ({@code IntegrationContextUtils.TASK_SCHEDULER_BEAN_NAME}), the
	 * same as Boot's {@code @Scheduled} scheduler's.
	 */
	static final String TASK_SCHEDULER_BEAN_NAME =
			VirtualThreadsTaskSchedulingAutoConfiguration.TASK_SCHEDULER_BEAN_NAME;

	@Bean(name = TASK_SCHEDULER_BEAN_NAME)
	@ConditionalOnMissingBean(name = TASK_SCHEDULER_BEAN_NAME)
	VirtualThreadTaskScheduler integrationTaskScheduler(VirtualThreadRegistry registry,
			TaskSchedulingProperties properties) {
		return VirtualThreadsTaskSchedulingAutoConfiguration.scheduler(registry, properties);
	}

}
