package io.github.vtstarter.autoconfigure.messaging.rabbit;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;

import io.github.vtstarter.autoconfigure.DegradedFeatures;
import io.github.vtstarter.autoconfigure.messaging.TaskExecutorField;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.amqp.rabbit.config.AbstractRabbitListenerContainerFactory;
import org.springframework.amqp.rabbit.config.DirectRabbitListenerContainerFactory;
import org.springframework.amqp.rabbit.config.SimpleRabbitListenerContainerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;

/**
 * RabbitMQ listener container factories on virtual threads, with Boot 3.2+'s names: a
 * {@link SimpleRabbitListenerContainerFactory} gets {@code rabbit-simple-0, -1, ...}, a
 * {@link DirectRabbitListenerContainerFactory} {@code rabbit-direct-...}, counted under {@code rabbit-simple} and
 * {@code rabbit-direct}.
 * <ul>
 * <li><b>Boot 3.1</b> ({@code backport}): a factory without a task executor of its own gets one starting a virtual
 * thread per task, as Boot 3.2+'s configurers give theirs a {@code VirtualThreadTaskExecutor}. Boot 3.1's
 * configurers cannot take an executor, so the factory is post-processed.</li>
 * <li><b>Boot 3.2+</b> (counting only): a factory holding Spring's {@code VirtualThreadTaskExecutor}, the one Boot
 * set, gets the same executor counted (same prefix, same numbering from 0); any other executor is left alone.</li>
 * </ul>
 * A simple container runs each consumer as one long-lived task (its thread receives and calls the listener), so
 * the counts are consumers; a direct container runs the listener on the RabbitMQ client's own threads and uses
 * the executor for its consumer monitor. The factory keeps no getter for its executor: the field is read by
 * reflection, and if that fails the feature is off with one WARN ({@link DegradedFeatures}).
 */
class RabbitListenerVirtualThreads implements BeanPostProcessor {

	static final String SPRING_VIRTUAL_EXECUTOR = "org.springframework.core.task.VirtualThreadTaskExecutor";

	private static final Log logger = LogFactory.getLog(RabbitListenerVirtualThreads.class);

	private final ObjectProvider<VirtualThreadRegistry> registry;

	private final boolean backport;

	private final Map<String, Executor> executors = new ConcurrentHashMap<>();

	RabbitListenerVirtualThreads(ObjectProvider<VirtualThreadRegistry> registry, boolean backport) {
		this.registry = registry;
		this.backport = backport;
	}

	@Override
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		if (bean instanceof AbstractRabbitListenerContainerFactory<?> factory) {
			String name = executorName(factory);
			if (name != null) {
				DegradedFeatures.guard(logger, "RabbitMQ listeners on virtual threads (" + beanName + ")",
						() -> configure(factory, beanName, name));
			}
		}
		return bean;
	}

	private static String executorName(AbstractRabbitListenerContainerFactory<?> factory) {
		if (factory instanceof SimpleRabbitListenerContainerFactory) {
			return "rabbit-simple";
		}
		if (factory instanceof DirectRabbitListenerContainerFactory) {
			return "rabbit-direct";
		}
		return null;
	}

	private void configure(AbstractRabbitListenerContainerFactory<?> factory, String beanName, String name) {
		Object current = TaskExecutorField.read(AbstractRabbitListenerContainerFactory.class, factory);
		boolean bootsOwn = current != null && current.getClass().getName().equals(SPRING_VIRTUAL_EXECUTOR);
		if ((this.backport && current == null) || (!this.backport && bootsOwn)) {
			factory.setTaskExecutor(this.executors.computeIfAbsent(name,
					(key) -> this.registry.getObject().executor(key, key + "-")));
			logger.debug("RabbitMQ listener container factory '" + beanName + "' runs on counted virtual threads");
		}
		else if (current != null && !bootsOwn) {
			logger.debug("RabbitMQ listener container factory '" + beanName
					+ "' has a task executor of its own; leaving it on " + current);
		}
	}

}
