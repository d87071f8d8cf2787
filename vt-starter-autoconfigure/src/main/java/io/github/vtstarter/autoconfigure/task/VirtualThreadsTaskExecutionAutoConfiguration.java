package io.github.vtstarter.autoconfigure.task;

import java.util.concurrent.Executor;

import io.github.vtstarter.autoconfigure.InvalidVirtualThreadsPropertyException;
import io.github.vtstarter.autoconfigure.condition.ConditionalOnMissingBootSupport;
import io.github.vtstarter.autoconfigure.condition.ConditionalOnVirtualThreads;
import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.task.ListenableVirtualThreadTaskExecutor;
import io.github.vtstarter.threads.VirtualThreadRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.task.TaskExecutionAutoConfiguration;
import org.springframework.boot.autoconfigure.task.TaskExecutionProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Lazy;
import org.springframework.core.env.Environment;
import org.springframework.core.task.TaskDecorator;
import org.springframework.scheduling.annotation.AsyncAnnotationBeanPostProcessor;

/**
 * The application's task executor on virtual threads: what {@code @Async}, Spring MVC's async request
 * processing ({@code Callable}, {@code WebAsyncTask}) and anything that injects the application executor
 * use. Declared under the same names and condition as Boot's own ({@code applicationTaskExecutor} and
 * {@code taskExecutor}, only when the application has no {@link Executor} bean), and ordered before
 * {@link TaskExecutionAutoConfiguration}, so that Boot's thread pool backs off.
 * <p>
 * Honours {@code spring.task.execution.thread-name-prefix}, {@code spring.task.execution.shutdown.*} and
 * Boot 3.2's {@code spring.task.execution.simple.concurrency-limit}; applies a unique {@link TaskDecorator}
 * bean.
 */
@AutoConfiguration(before = TaskExecutionAutoConfiguration.class, after = VirtualThreadsAutoConfiguration.class)
@ConditionalOnVirtualThreads
@ConditionalOnMissingBootSupport(since = "3.2")
@EnableConfigurationProperties(TaskExecutionProperties.class)
public class VirtualThreadsTaskExecutionAutoConfiguration {

	/** Boot 3.2's property, read here on 3.1. */
	public static final String CONCURRENCY_LIMIT_PROPERTY = "spring.task.execution.simple.concurrency-limit";

	private final int concurrencyLimit;

	// Read here, not in the @Lazy bean method, so that a bad value fails the start, not the first task.
	VirtualThreadsTaskExecutionAutoConfiguration(Environment environment) {
		this.concurrencyLimit = concurrencyLimit(environment);
	}

	@Lazy
	@Bean(name = { TaskExecutionAutoConfiguration.APPLICATION_TASK_EXECUTOR_BEAN_NAME,
			AsyncAnnotationBeanPostProcessor.DEFAULT_TASK_EXECUTOR_BEAN_NAME })
	@ConditionalOnMissingBean(Executor.class)
	public ListenableVirtualThreadTaskExecutor applicationTaskExecutor(VirtualThreadRegistry registry,
			TaskExecutionProperties properties, ObjectProvider<TaskDecorator> taskDecorator) {
		// Listenable, as Boot 3.1's ThreadPoolTaskExecutor: this backport runs only on Framework 6.0.
		ListenableVirtualThreadTaskExecutor executor = new ListenableVirtualThreadTaskExecutor(
				TaskExecutionAutoConfiguration.APPLICATION_TASK_EXECUTOR_BEAN_NAME,
				registry.threadFactory(TaskExecutionAutoConfiguration.APPLICATION_TASK_EXECUTOR_BEAN_NAME,
						properties.getThreadNamePrefix()));
		executor.setTaskDecorator(taskDecorator.getIfUnique());
		executor.setConcurrencyLimit(this.concurrencyLimit);
		registry.stats(TaskExecutionAutoConfiguration.APPLICATION_TASK_EXECUTOR_BEAN_NAME)
			.setConcurrencyLimit(this.concurrencyLimit);
		executor.setAwaitTermination(properties.getShutdown().isAwaitTermination(),
				properties.getShutdown().getAwaitTerminationPeriod());
		return executor;
	}

	private static int concurrencyLimit(Environment environment) {
		Integer limit = Binder.get(environment).bind(CONCURRENCY_LIMIT_PROPERTY, Integer.class).orElse(null);
		if (limit == null || limit < 0) {
			return -1; // as in Boot 3.2: any negative value means no limit
		}
		if (limit == 0) {
			// Boot 3.2 would accept it and then refuse every task; say so at start-up instead.
			throw new InvalidVirtualThreadsPropertyException(CONCURRENCY_LIMIT_PROPERTY, limit,
					"it must be a positive number of tasks, or -1 for no limit (0 would refuse every task)");
		}
		return limit;
	}

}
