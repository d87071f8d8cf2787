package io.github.vtstarter.autoconfigure.messaging.redis;

import io.github.vtstarter.autoconfigure.DegradedFeatures;
import io.github.vtstarter.autoconfigure.messaging.LazyExecutor;
import io.github.vtstarter.autoconfigure.messaging.TaskExecutorField;
import io.github.vtstarter.threads.VirtualThreadPerTaskExecutor;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.data.redis.listener.RedisMessageListenerContainer;

/**
 * Gives every {@link RedisMessageListenerContainer} bean that has no task executor of its own a virtual thread per
 * message, named {@code RedisMessageListenerContainer-0}, {@code -1}, ... (the prefix Boot 4.1 gives the container
 * it configures on virtual threads) and counted under {@code redisMessageListener}. Boot 3.x configures no such
 * container and, from 3.2, only the connection factories' executor; a container of Boot 4.1 already has its
 * executor and is left alone, as is one the application gave an executor.
 * <p>
 * The container hands each message to its task executor, so every message is a task: started, live, peak,
 * completed and failed count messages, as they count requests for a web server. The subscription itself keeps
 * its own executor.
 * <p>
 * The container has no getter for its executor; the field is read by reflection, and if that fails the feature is
 * off with one WARN ({@link DegradedFeatures}) rather than override an executor the application may have set.
 */
class RedisListenerVirtualThreads implements BeanPostProcessor {

	static final String EXECUTOR_NAME = "redisMessageListener";

	private static final Log logger = LogFactory.getLog(RedisListenerVirtualThreads.class);

	private final LazyExecutor<VirtualThreadPerTaskExecutor> executor;

	RedisListenerVirtualThreads(ObjectProvider<VirtualThreadRegistry> registry) {
		this.executor = new LazyExecutor<>(() -> registry.getObject()
			.executor(EXECUTOR_NAME, RedisMessageListenerContainer.DEFAULT_THREAD_NAME_PREFIX));
	}

	@Override
	public Object postProcessBeforeInitialization(Object bean, String beanName) {
		// Before initialization: afterPropertiesSet() creates a platform-thread executor when none is set.
		if (bean instanceof RedisMessageListenerContainer container) {
			DegradedFeatures.guard(logger, "Redis message listeners on virtual threads (" + beanName + ")",
					() -> configure(container, beanName));
		}
		return bean;
	}

	private void configure(RedisMessageListenerContainer container, String beanName) {
		Object own = TaskExecutorField.read(RedisMessageListenerContainer.class, container);
		if (own != null) {
			logger.debug("Redis message listener container '" + beanName
					+ "' has a task executor of its own; leaving it on " + own);
			return;
		}
		container.setTaskExecutor(this.executor.get());
		logger.debug("Redis message listener container '" + beanName + "' runs its listeners on virtual threads");
	}


}
