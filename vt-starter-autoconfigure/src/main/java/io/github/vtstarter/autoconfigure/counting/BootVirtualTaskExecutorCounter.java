package io.github.vtstarter.autoconfigure.counting;

import java.lang.reflect.Method;

import io.github.vtstarter.threads.VirtualThreadRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.util.ReflectionUtils;

/**
 * On Boot 3.2+, where Boot itself puts {@code applicationTaskExecutor} on virtual threads (a
 * {@link SimpleAsyncTaskExecutor} with {@code setVirtualThreads(true)}), swaps its thread source for a counted
 * factory of virtual threads with the same name prefix, so that the executor shows in
 * {@code /actuator/virtualthreads} and the {@code executor.*} meters as it does with the backport. Everything
 * else Boot configured (concurrency limit, task decorator, termination timeout) stays.
 * <p>
 * {@code setVirtualThreads} is Spring Framework 6.1 API, reached by reflection: this class is compiled against
 * Boot 3.1 (Framework 6.0), where it is never registered. The scheduler ({@code SimpleAsyncTaskScheduler}) is
 * left alone: its trigger thread comes from the same factory and would be counted as a live task forever.
 */
class BootVirtualTaskExecutorCounter implements BeanPostProcessor {

	static final String APPLICATION_TASK_EXECUTOR = "applicationTaskExecutor";

	private static final String SCHEDULER_CLASS = "org.springframework.scheduling.concurrent.SimpleAsyncTaskScheduler";

	private static final Log logger = LogFactory.getLog(BootVirtualTaskExecutorCounter.class);

	private final ObjectProvider<VirtualThreadRegistry> registry;

	BootVirtualTaskExecutorCounter(ObjectProvider<VirtualThreadRegistry> registry) {
		this.registry = registry;
	}

	@Override
	public Object postProcessBeforeInitialization(Object bean, String beanName) {
		if (APPLICATION_TASK_EXECUTOR.equals(beanName) && bean instanceof SimpleAsyncTaskExecutor executor
				&& !bean.getClass().getName().equals(SCHEDULER_CLASS)) {
			count(executor, beanName);
		}
		return bean;
	}

	private void count(SimpleAsyncTaskExecutor executor, String beanName) {
		Method setVirtualThreads = ReflectionUtils.findMethod(SimpleAsyncTaskExecutor.class, "setVirtualThreads",
				boolean.class);
		VirtualThreadRegistry threads = this.registry.getIfAvailable();
		if (setVirtualThreads == null || threads == null || executor.getThreadFactory() != null
				|| !usesVirtualThreads(executor)) {
			// Not Boot's virtual executor as we know it (a thread factory of the application's, platform threads).
			return;
		}
		ReflectionUtils.invokeMethod(setVirtualThreads, executor, false);
		executor.setThreadFactory(threads.threadFactory(beanName, executor.getThreadNamePrefix()));
		logger.debug("Counting the virtual threads of Boot's " + beanName);
	}

	private static boolean usesVirtualThreads(SimpleAsyncTaskExecutor executor) {
		java.lang.reflect.Field delegate = ReflectionUtils.findField(SimpleAsyncTaskExecutor.class,
				"virtualThreadDelegate");
		if (delegate == null) {
			return false;
		}
		ReflectionUtils.makeAccessible(delegate);
		return ReflectionUtils.getField(delegate, executor) != null;
	}

}
