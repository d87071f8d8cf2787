package io.github.vtstarter.autoconfigure.messaging.kafka;

import io.github.vtstarter.autoconfigure.messaging.LazyExecutor;
import io.github.vtstarter.autoconfigure.messaging.ListenerExecutorPostProcessor;
import io.github.vtstarter.task.VirtualThreadTaskExecutor;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.kafka.config.AbstractKafkaListenerContainerFactory;

/**
 * The backport, for Boot 3.1: gives every Kafka listener container factory that has no listener task executor
 * of its own the one Boot 3.2+ gives the factory it configures, a virtual thread per consumer, named
 * {@code kafka-1}, {@code kafka-2}, ... and counted under {@code kafka}.
 * <p>
 * Boot 3.2 does it through its {@code ConcurrentKafkaListenerContainerFactoryConfigurer}, which Boot 3.1's
 * configurer cannot do (it has no such setter), so the factory is post-processed instead. A factory whose
 * {@code ContainerProperties} already name an executor keeps it: the application's choice wins.
 * <p>
 * What runs on the thread is the container's consumer loop: poll, then the listener for each record of the
 * batch, one after the other. A container's {@code concurrency} (at most one consumer per partition) is how many
 * such threads a factory's containers start; virtual threads make each one cheap, not the records of one
 * partition parallel.
 */
class KafkaListenerVirtualThreads
		extends ListenerExecutorPostProcessor<AbstractKafkaListenerContainerFactory<?, ?, ?>, VirtualThreadTaskExecutor> {

	static final String EXECUTOR_NAME = "kafka";

	static final String THREAD_NAME_PREFIX = "kafka-";

	private final LazyExecutor<VirtualThreadTaskExecutor> executor;

	@SuppressWarnings("unchecked")
	KafkaListenerVirtualThreads(ObjectProvider<VirtualThreadRegistry> registry) {
		super((Class<AbstractKafkaListenerContainerFactory<?, ?, ?>>) (Class<?>) AbstractKafkaListenerContainerFactory.class,
				Phase.BEFORE_INITIALIZATION, "Kafka listeners on virtual threads", "Kafka listener container factory",
				LogFactory.getLog(KafkaListenerVirtualThreads.class));
		this.executor = new LazyExecutor<>(() -> new VirtualThreadTaskExecutor(EXECUTOR_NAME,
				registry.getObject().threadFactory(EXECUTOR_NAME, THREAD_NAME_PREFIX)));
	}

	@Override
	protected Object currentExecutor(AbstractKafkaListenerContainerFactory<?, ?, ?> factory) {
		return factory.getContainerProperties().getListenerTaskExecutor();
	}

	@Override
	protected VirtualThreadTaskExecutor executorFor(AbstractKafkaListenerContainerFactory<?, ?, ?> factory) {
		return this.executor.get();
	}

	@Override
	protected void setExecutor(AbstractKafkaListenerContainerFactory<?, ?, ?> factory,
			VirtualThreadTaskExecutor executor) {
		factory.getContainerProperties().setListenerTaskExecutor(executor);
	}

}
