package io.github.vtstarter.autoconfigure.messaging.redis;

import io.github.vtstarter.autoconfigure.DegradedFeatures;
import io.github.vtstarter.autoconfigure.messaging.LazyExecutor;
import io.github.vtstarter.autoconfigure.messaging.ListenerExecutorPostProcessor;
import io.github.vtstarter.autoconfigure.messaging.TaskExecutorField;
import io.github.vtstarter.threads.VirtualThreadPerTaskExecutor;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.ObjectProvider;
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
class RedisListenerVirtualThreads
		extends ListenerExecutorPostProcessor<RedisMessageListenerContainer, VirtualThreadPerTaskExecutor> {

	static final String EXECUTOR_NAME = "redisMessageListener";

	private final LazyExecutor<VirtualThreadPerTaskExecutor> executor;

	RedisListenerVirtualThreads(ObjectProvider<VirtualThreadRegistry> registry) {
		// Before initialization: afterPropertiesSet() creates a platform-thread executor when none is set.
		super(RedisMessageListenerContainer.class, Phase.BEFORE_INITIALIZATION,
				"Redis message listeners on virtual threads", "Redis message listener container",
				LogFactory.getLog(RedisListenerVirtualThreads.class));
		this.executor = new LazyExecutor<>(() -> registry.getObject()
			.executor(EXECUTOR_NAME, RedisMessageListenerContainer.DEFAULT_THREAD_NAME_PREFIX));
	}

	@Override
	protected Object currentExecutor(RedisMessageListenerContainer container) {
		return TaskExecutorField.read(RedisMessageListenerContainer.class, container);
	}

	@Override
	protected VirtualThreadPerTaskExecutor executorFor(RedisMessageListenerContainer container) {
		return this.executor.get();
	}

	@Override
	protected void setExecutor(RedisMessageListenerContainer container, VirtualThreadPerTaskExecutor executor) {
		container.setTaskExecutor(executor);
	}

}
