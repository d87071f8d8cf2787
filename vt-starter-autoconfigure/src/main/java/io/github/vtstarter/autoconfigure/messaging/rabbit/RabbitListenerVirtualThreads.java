package io.github.vtstarter.autoconfigure.messaging.rabbit;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;

import io.github.vtstarter.autoconfigure.DegradedFeatures;
import io.github.vtstarter.autoconfigure.messaging.ListenerExecutorPostProcessor;
import io.github.vtstarter.autoconfigure.messaging.TaskExecutorField;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import org.apache.commons.logging.LogFactory;

import org.springframework.amqp.rabbit.config.AbstractRabbitListenerContainerFactory;
import org.springframework.amqp.rabbit.config.DirectRabbitListenerContainerFactory;
import org.springframework.amqp.rabbit.config.SimpleRabbitListenerContainerFactory;
import org.springframework.beans.factory.ObjectProvider;

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
class RabbitListenerVirtualThreads
		extends ListenerExecutorPostProcessor<AbstractRabbitListenerContainerFactory<?>, Executor> {

	static final String SPRING_VIRTUAL_EXECUTOR = "org.springframework.core.task.VirtualThreadTaskExecutor";

	private final ObjectProvider<VirtualThreadRegistry> registry;

	private final boolean backport;

	private final Map<String, Executor> executors = new ConcurrentHashMap<>();

	@SuppressWarnings("unchecked")
	RabbitListenerVirtualThreads(ObjectProvider<VirtualThreadRegistry> registry, boolean backport) {
		super((Class<AbstractRabbitListenerContainerFactory<?>>) (Class<?>) AbstractRabbitListenerContainerFactory.class,
				Phase.AFTER_INITIALIZATION, "RabbitMQ listeners on virtual threads",
				"RabbitMQ listener container factory", LogFactory.getLog(RabbitListenerVirtualThreads.class));
		this.registry = registry;
		this.backport = backport;
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

	/** Only the simple and direct factories: a stream or custom factory has no name of Boot's to follow. */
	@Override
	protected boolean applies(AbstractRabbitListenerContainerFactory<?> factory, String beanName) {
		return executorName(factory) != null;
	}

	@Override
	protected Object currentExecutor(AbstractRabbitListenerContainerFactory<?> factory) {
		return TaskExecutorField.read(AbstractRabbitListenerContainerFactory.class, factory);
	}

	/** Boot 3.1: a factory without an executor; Boot 3.2+: one holding the executor Boot set, to count it. */
	@Override
	protected boolean replaces(Object current) {
		return this.backport ? current == null
				: current != null && current.getClass().getName().equals(SPRING_VIRTUAL_EXECUTOR);
	}

	@Override
	protected Executor executorFor(AbstractRabbitListenerContainerFactory<?> factory) {
		return this.executors.computeIfAbsent(executorName(factory),
				(key) -> this.registry.getObject().executor(key, key + "-"));
	}

	@Override
	protected void setExecutor(AbstractRabbitListenerContainerFactory<?> factory, Executor executor) {
		factory.setTaskExecutor(executor);
	}

}
