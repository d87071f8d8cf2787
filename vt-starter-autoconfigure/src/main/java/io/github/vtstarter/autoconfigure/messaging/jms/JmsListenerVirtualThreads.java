package io.github.vtstarter.autoconfigure.messaging.jms;

import io.github.vtstarter.autoconfigure.DegradedFeatures;
import io.github.vtstarter.autoconfigure.messaging.LazyExecutor;
import io.github.vtstarter.autoconfigure.messaging.ListenerExecutorPostProcessor;
import io.github.vtstarter.autoconfigure.messaging.TaskExecutorField;
import io.github.vtstarter.task.VirtualThreadTaskExecutor;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.jms.config.DefaultJmsListenerContainerFactory;

/**
 * Gives every {@link DefaultJmsListenerContainerFactory} that has no task executor of its own a virtual thread per
 * consumer, named {@code jms-1}, {@code jms-2}, ... and counted under {@code jms}. Boot never does this (on any
 * line); the factory is post-processed after Boot's configurer ran, so {@code spring.jms.listener.*}
 * (concurrency, acknowledge mode, receive timeout, max messages per task) stays as configured.
 * <p>
 * What runs on each thread is one of the {@code DefaultMessageListenerContainer}'s consumers: a loop that calls
 * {@code receive(receiveTimeout)} and hands a message to the listener, then receives again. With an executor that
 * is not a {@code SchedulingTaskExecutor} (this one), Spring keeps each consumer on its thread until the container
 * stops ({@code maxMessagesPerTask} -1), so there are as many {@code jms-} threads as consumers, and the
 * concurrency setting is what virtual threads make cheap to raise. Idle consumers above the minimum end after
 * {@code idleTaskExecutionLimit} receives, as on platform threads.
 * <p>
 * The factory keeps no getter for its executor; the field is read by reflection, and if that fails the feature
 * is off with one WARN ({@link DegradedFeatures}) rather than overriding an executor the application may have set.
 */
class JmsListenerVirtualThreads extends ListenerExecutorPostProcessor<DefaultJmsListenerContainerFactory, VirtualThreadTaskExecutor>
		implements DisposableBean {

	static final String EXECUTOR_NAME = "jms";

	static final String THREAD_NAME_PREFIX = "jms-";

	private final LazyExecutor<VirtualThreadTaskExecutor> executor;

	JmsListenerVirtualThreads(ObjectProvider<VirtualThreadRegistry> registry) {
		super(DefaultJmsListenerContainerFactory.class, Phase.AFTER_INITIALIZATION, "JMS listeners on virtual threads",
				"JMS listener container factory", LogFactory.getLog(JmsListenerVirtualThreads.class));
		this.executor = new LazyExecutor<>(() -> new VirtualThreadTaskExecutor(EXECUTOR_NAME,
				registry.getObject().threadFactory(EXECUTOR_NAME, THREAD_NAME_PREFIX)));
	}

	@Override
	protected Object currentExecutor(DefaultJmsListenerContainerFactory factory) {
		return TaskExecutorField.read(DefaultJmsListenerContainerFactory.class, factory);
	}

	@Override
	protected VirtualThreadTaskExecutor executorFor(DefaultJmsListenerContainerFactory factory) {
		return this.executor.get();
	}

	@Override
	protected void setExecutor(DefaultJmsListenerContainerFactory factory, VirtualThreadTaskExecutor executor) {
		factory.setTaskExecutor(executor);
	}

	/**
	 * Refuses new consumers once the context closes. The containers, stopped before this runs, wait for their
	 * consumers themselves: a listener in the middle of a message finishes it before its session acknowledges.
	 */
	@Override
	public void destroy() throws InterruptedException {
		VirtualThreadTaskExecutor executor = this.executor.getIfCreated();
		if (executor != null) {
			executor.destroy();
		}
	}

}
