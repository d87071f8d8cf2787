package io.github.vtstarter.autoconfigure.counting;

import java.util.concurrent.ThreadFactory;

import io.github.vtstarter.autoconfigure.DegradedFeatures;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import io.github.vtstarter.threads.VirtualThreadStats;
import io.github.vtstarter.threads.VirtualThreads;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.core.task.SimpleAsyncTaskExecutor;

/**
 * On Boot 3.2+, where Boot itself puts {@code applicationTaskExecutor} and {@code taskScheduler} on virtual
 * threads (a {@link SimpleAsyncTaskExecutor} and a {@code SimpleAsyncTaskScheduler}, each with
 * {@code setVirtualThreads(true)}), swaps their thread source for a counted factory of virtual threads with the
 * same name prefix and numbering, so that both show in {@code /actuator/virtualthreads} and the
 * {@code executor.*} meters as they do with the backport. Everything else Boot configured (concurrency limit,
 * task decorator, termination timeout) stays.
 * <p>
 * The scheduler also starts long-lived virtual threads of its own: the timer of its
 * {@code ScheduledThreadPoolExecutor}s. Those are pool workers, not tasks, and are not counted. Spring Framework
 * 6.1+ runs fixed-delay tasks on such a worker, one run after the other, so on Boot 3.2+ only the runs that get a
 * virtual thread of their own (fixed rate, cron, one-shot) are counted.
 * <p>
 * {@code setVirtualThreads} is Spring Framework 6.1 API, reached by reflection: this class is compiled against
 * Boot 3.1 (Framework 6.0), where it is never registered. Anything unexpected switches the counting of that
 * executor off with a WARN ({@link DegradedFeatures}); the executor itself is left as Boot built it.
 */
class BootTaskExecutorCounter implements BeanPostProcessor {

	static final String APPLICATION_TASK_EXECUTOR = "applicationTaskExecutor";

	static final String TASK_SCHEDULER = "taskScheduler";

	static final String SCHEDULER_CLASS = "org.springframework.scheduling.concurrent.SimpleAsyncTaskScheduler";

	// The class of a ThreadPoolExecutor's worker, the Runnable a pool hands to its thread factory.
	private static final String POOL_WORKER_CLASS = "java.util.concurrent.ThreadPoolExecutor$Worker";

	private static final Log logger = LogFactory.getLog(BootTaskExecutorCounter.class);

	private final ObjectProvider<VirtualThreadRegistry> registry;

	BootTaskExecutorCounter(ObjectProvider<VirtualThreadRegistry> registry) {
		this.registry = registry;
	}

	@Override
	public Object postProcessBeforeInitialization(Object bean, String beanName) {
		if (!(bean instanceof SimpleAsyncTaskExecutor executor)) {
			return bean;
		}
		boolean scheduler = bean.getClass().getName().equals(SCHEDULER_CLASS);
		if ((APPLICATION_TASK_EXECUTOR.equals(beanName) && !scheduler)
				|| (TASK_SCHEDULER.equals(beanName) && scheduler)) {
			DegradedFeatures.guard(logger, "counting the virtual threads of Boot's " + beanName,
					() -> count(executor, beanName, scheduler));
		}
		return bean;
	}

	private void count(SimpleAsyncTaskExecutor executor, String beanName, boolean scheduler) {
		VirtualThreadRegistry threads = this.registry.getIfAvailable();
		if (threads == null || executor.getThreadFactory() != null
				|| !BootVirtualExecutors.usesVirtualThreads(executor)) {
			// Not Boot's virtual executor as we know it (a thread factory of the application's, platform threads).
			return;
		}
		ThreadFactory counted = scheduler ? schedulerThreads(threads, beanName, executor.getThreadNamePrefix())
				: threads.threadFactory(beanName, executor.getThreadNamePrefix());
		if (BootVirtualExecutors.replaceThreadFactory(executor, counted)) {
			// What executor.pool.max reports (spring.task.execution.simple.concurrency-limit).
			threads.stats(beanName).setConcurrencyLimit(executor.getConcurrencyLimit());
			logger.debug("Counting the virtual threads of Boot's " + beanName);
		}
	}

	/** Counts every thread but the pool workers, numbered from 1 as Spring numbers them. */
	private static ThreadFactory schedulerThreads(VirtualThreadRegistry threads, String beanName, String prefix) {
		ThreadFactory named = VirtualThreads.namedFactory(prefix, 1);
		VirtualThreadStats stats = threads.stats(beanName);
		return (task) -> named.newThread(task.getClass().getName().equals(POOL_WORKER_CLASS) ? task
				: stats.track(task));
	}

}
