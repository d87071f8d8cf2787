package io.github.vtstarter.autoconfigure.scheduling;

import java.util.concurrent.ScheduledExecutorService;

import io.github.vtstarter.autoconfigure.condition.ConditionalOnMissingBootSupport;
import io.github.vtstarter.autoconfigure.condition.ConditionalOnVirtualThreads;
import io.github.vtstarter.autoconfigure.task.VirtualThreadsTaskExecutionAutoConfiguration;
import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.scheduling.VirtualThreadTaskScheduler;
import io.github.vtstarter.task.VirtualThreadTaskExecutor;
import io.github.vtstarter.threads.VirtualThreadRegistry;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.task.TaskSchedulingAutoConfiguration;
import org.springframework.boot.autoconfigure.task.TaskSchedulingProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.TaskManagementConfigUtils;

/**
 * {@code @Scheduled} methods on virtual threads ({@code scheduling-N}). Same bean name and conditions as
 * Boot's {@code taskScheduler}: only with {@code @EnableScheduling}, and only when the application has no
 * {@link TaskScheduler}, {@link ScheduledExecutorService} or {@link SchedulingConfigurer} of its own.
 * Honours {@code spring.task.scheduling.thread-name-prefix} and {@code spring.task.scheduling.shutdown.*}.
 */
@AutoConfiguration(before = TaskSchedulingAutoConfiguration.class,
		after = { VirtualThreadsAutoConfiguration.class, VirtualThreadsTaskExecutionAutoConfiguration.class })
@ConditionalOnVirtualThreads
@ConditionalOnMissingBootSupport(since = "3.2")
@EnableConfigurationProperties(TaskSchedulingProperties.class)
public class VirtualThreadsTaskSchedulingAutoConfiguration {

	/** The scheduler's name in the registry, and its bean name. */
	public static final String TASK_SCHEDULER_BEAN_NAME = "taskScheduler";

	@Bean(name = TASK_SCHEDULER_BEAN_NAME)
	@ConditionalOnBean(name = TaskManagementConfigUtils.SCHEDULED_ANNOTATION_PROCESSOR_BEAN_NAME)
	@ConditionalOnMissingBean({ SchedulingConfigurer.class, TaskScheduler.class, ScheduledExecutorService.class })
	public VirtualThreadTaskScheduler taskScheduler(VirtualThreadRegistry registry,
			TaskSchedulingProperties properties) {
		return scheduler(registry, properties);
	}

	/**
	 * A scheduler as Boot 3.2+ builds its virtual one: runs on {@code <thread-name-prefix>N} virtual threads counted
	 * under {@code taskScheduler}, triggers on a {@code <thread-name-prefix>timer} platform thread, and honours
	 * {@code spring.task.scheduling.shutdown.*}. Shared with Spring Integration's scheduler up to Boot 3.3.
	 * @param registry where its threads are counted
	 * @param properties {@code spring.task.scheduling.*}
	 * @return a scheduler, not yet started
	 */
	public static VirtualThreadTaskScheduler scheduler(VirtualThreadRegistry registry,
			TaskSchedulingProperties properties) {
		String prefix = properties.getThreadNamePrefix();
		VirtualThreadTaskExecutor executor = new VirtualThreadTaskExecutor(TASK_SCHEDULER_BEAN_NAME,
				registry.threadFactory(TASK_SCHEDULER_BEAN_NAME, prefix));
		executor.setAwaitTermination(properties.getShutdown().isAwaitTermination(),
				properties.getShutdown().getAwaitTerminationPeriod());
		return new VirtualThreadTaskScheduler(executor, prefix + "timer");
	}

}
