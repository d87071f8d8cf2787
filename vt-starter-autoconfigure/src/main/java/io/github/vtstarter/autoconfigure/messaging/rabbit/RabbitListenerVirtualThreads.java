package io.github.vtstarter.autoconfigure.messaging.rabbit;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.vtstarter.autoconfigure.DegradedFeatures;
import io.github.vtstarter.autoconfigure.SpringVirtualThreadTaskExecutors;
import io.github.vtstarter.autoconfigure.messaging.ListenerExecutorPostProcessor;
import io.github.vtstarter.autoconfigure.messaging.ListenerThreadChoices;
import io.github.vtstarter.autoconfigure.messaging.TaskExecutorField;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import org.apache.commons.logging.LogFactory;

import org.springframework.amqp.rabbit.config.AbstractRabbitListenerContainerFactory;
import org.springframework.amqp.rabbit.config.DirectRabbitListenerContainerFactory;
import org.springframework.amqp.rabbit.config.SimpleRabbitListenerContainerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.lang.Nullable;

/**
 * RabbitMQ listener container factories on virtual threads, with Boot 3.2+'s names: a
 * {@link SimpleRabbitListenerContainerFactory} gets {@code rabbit-simple-0, -1, ...}, a
 * {@link DirectRabbitListenerContainerFactory} {@code rabbit-direct-...}, counted under {@code rabbit-simple} and
 * {@code rabbit-direct}.
 * <ul>
 * <li><b>Boot 3.1</b> ({@code backport}): a factory without a task executor of its own gets one starting a virtual
 * thread per task, as Boot 3.2+'s configurers give theirs a {@code VirtualThreadTaskExecutor}. Boot 3.1's
 * configurers cannot take an executor, so the factory is post-processed. Simple factories only where that cannot
 * starve the scheduler at start ({@link RabbitSimpleListenerThreadChoice}: not on Java 21 to 23 with Spring AMQP
 * 3.0, unless {@code vtstarter.rabbit.virtual-threads.enabled=true}); the choice is listed under
 * {@code listeners.rabbit-simple} in {@code /actuator/virtualthreads}.</li>
 * <li><b>Boot 3.2+</b> (counting only): a factory holding Spring's {@code VirtualThreadTaskExecutor}, the one Boot
 * set, gets the same executor counted (same prefix, same numbering from 0); any other executor is left alone.</li>
 * </ul>
 * A simple container runs each consumer as one long-lived task (its thread receives and calls the listener), so
 * the counts are consumers; a direct container runs the listener on the RabbitMQ client's own threads and uses
 * the executor for its consumer monitor. The factory keeps no getter for its executor: the field is read by
 * reflection, and if that fails the feature is off with one WARN ({@link DegradedFeatures}).
 */
class RabbitListenerVirtualThreads
		extends ListenerExecutorPostProcessor<AbstractRabbitListenerContainerFactory<?>, Executor>
		implements DisposableBean {

	static final String SIMPLE = "rabbit-simple";

	private final ObjectProvider<VirtualThreadRegistry> registry;

	private final boolean backport;

	private final Map<String, Executor> executors = new ConcurrentHashMap<>();

	// The backport's choice for simple containers ({@code null} when counting Boot's executors), and its record.
	private final RabbitSimpleListenerThreadChoice simpleChoice;

	private final Object recorded;

	private final AtomicBoolean told = new AtomicBoolean();

	@SuppressWarnings("unchecked")
	RabbitListenerVirtualThreads(ObjectProvider<VirtualThreadRegistry> registry,
			@Nullable RabbitSimpleListenerThreadChoice simpleChoice) {
		super((Class<AbstractRabbitListenerContainerFactory<?>>) (Class<?>) AbstractRabbitListenerContainerFactory.class,
				Phase.AFTER_INITIALIZATION, "RabbitMQ listeners on virtual threads",
				"RabbitMQ listener container factory", LogFactory.getLog(RabbitListenerVirtualThreads.class));
		this.registry = registry;
		this.backport = simpleChoice != null;
		this.simpleChoice = simpleChoice;
		this.recorded = (simpleChoice != null)
				? ListenerThreadChoices.record(SIMPLE, simpleChoice.virtualThreads(), simpleChoice.reason()) : null;
	}

	RabbitSimpleListenerThreadChoice getSimpleChoice() {
		return this.simpleChoice;
	}

	private static String executorName(AbstractRabbitListenerContainerFactory<?> factory) {
		if (factory instanceof SimpleRabbitListenerContainerFactory) {
			return SIMPLE;
		}
		if (factory instanceof DirectRabbitListenerContainerFactory) {
			return "rabbit-direct";
		}
		return null;
	}

	/**
	 * Only the simple and direct factories: a stream or custom factory has no name of Boot's to follow. In the
	 * backport, a simple factory only when the {@link RabbitSimpleListenerThreadChoice} says so, with one INFO line
	 * for the first one it leaves alone (DEBUG when the application set the property).
	 */
	@Override
	protected boolean applies(AbstractRabbitListenerContainerFactory<?> factory, String beanName) {
		String name = executorName(factory);
		if (name == null) {
			return false;
		}
		if (!SIMPLE.equals(name) || this.simpleChoice == null || this.simpleChoice.virtualThreads()) {
			return true;
		}
		if (this.told.compareAndSet(false, true)) {
			String message = "vt-starter: simple RabbitMQ listener containers stay on platform threads. "
					+ this.simpleChoice.reason();
			if (this.simpleChoice.automatic()) {
				this.logger.info(message);
			}
			else {
				this.logger.debug(message);
			}
		}
		return false;
	}

	@Override
	protected Object currentExecutor(AbstractRabbitListenerContainerFactory<?> factory) {
		return TaskExecutorField.read(AbstractRabbitListenerContainerFactory.class, factory);
	}

	/** Boot 3.1: a factory without an executor; Boot 3.2+: one holding the executor Boot set, to count it. */
	@Override
	protected boolean replaces(Object current) {
		return this.backport ? current == null
				: SpringVirtualThreadTaskExecutors.isOne(current);
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

	/** Withdraws the choice from the endpoint when the context closes. */
	@Override
	public void destroy() {
		if (this.recorded != null) {
			ListenerThreadChoices.remove(SIMPLE, this.recorded);
		}
	}

}
