package io.github.vtstarter.autoconfigure.messaging.kafka;

import io.github.vtstarter.autoconfigure.DegradedFeatures;
import io.github.vtstarter.autoconfigure.counting.BootVirtualExecutors;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.kafka.config.AbstractKafkaListenerContainerFactory;

/**
 * On Boot 3.2+, where Boot itself gives its Kafka listener container factory a virtual
 * {@code SimpleAsyncTaskExecutor("kafka-")}, counts that executor's threads under {@code kafka}; nothing else
 * changes. An executor of the application's is left alone, and so is a platform-thread one.
 */
class BootKafkaListenerCounter implements BeanPostProcessor {

	private static final Log logger = LogFactory.getLog(BootKafkaListenerCounter.class);

	private final ObjectProvider<VirtualThreadRegistry> registry;

	BootKafkaListenerCounter(ObjectProvider<VirtualThreadRegistry> registry) {
		this.registry = registry;
	}

	@Override
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		if (bean instanceof AbstractKafkaListenerContainerFactory<?, ?, ?> factory) {
			DegradedFeatures.guard(logger, "counting the virtual threads of Boot's Kafka listeners",
					() -> count(factory));
		}
		return bean;
	}

	private void count(AbstractKafkaListenerContainerFactory<?, ?, ?> factory) {
		if (factory.getContainerProperties().getListenerTaskExecutor() instanceof SimpleAsyncTaskExecutor executor
				&& KafkaListenerVirtualThreads.THREAD_NAME_PREFIX.equals(executor.getThreadNamePrefix())) {
			VirtualThreadRegistry threads = this.registry.getIfAvailable();
			if (threads != null
					&& BootVirtualExecutors.count(executor, threads, KafkaListenerVirtualThreads.EXECUTOR_NAME)) {
				logger.debug("Counting the virtual threads of Boot's Kafka listener containers");
			}
		}
	}

}
