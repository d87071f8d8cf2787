package io.github.vtstarter.autoconfigure.messaging.jms;

import java.util.concurrent.atomic.AtomicBoolean;

import io.github.vtstarter.autoconfigure.DegradedFeatures;
import io.github.vtstarter.autoconfigure.messaging.LazyExecutor;
import io.github.vtstarter.autoconfigure.messaging.ListenerExecutorPostProcessor;
import io.github.vtstarter.autoconfigure.messaging.ListenerThreadChoices;
import io.github.vtstarter.autoconfigure.messaging.TaskExecutorField;
import io.github.vtstarter.task.VirtualThreadTaskExecutor;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.jms.config.DefaultJmsListenerContainerFactory;

/**
 * Gives every {@link DefaultJmsListenerContainerFactory} that has no task executor of its own a virtual thread per
 * consumer, named {@code jms-1}, {@code jms-2}, ... and counted under {@code jms}, when the
 * {@link JmsListenerThreadChoice} says so: not on Java 21 to 23 with a JMS client that waits inside
 * {@code synchronized} (Artemis, ActiveMQ Classic), unless {@code vtstarter.jms.virtual-threads.enabled=true}.
 * Where it keeps them on platform threads it leaves every factory as it is and says so in one INFO line. The choice
 * is listed under {@code listeners.jms} in {@code /actuator/virtualthreads}.
 * <p>
 * Boot never does this (on any line); the factory is post-processed after Boot's configurer ran, so
 * {@code spring.jms.listener.*} (concurrency, acknowledge mode, receive timeout, max messages per task) stays as
 * configured.
 * <p>
 * What runs on each thread is one of the {@code DefaultMessageListenerContainer}'s consumers: a loop that calls
 * {@code receive(receiveTimeout)} and hands a message to the listener, then receives again. This executor is not a
 * {@code SchedulingTaskExecutor}, like the container's default {@code SimpleAsyncTaskExecutor}, so Spring treats
 * both alike: on Spring Framework 6.0 and 6.1 a consumer's task loops until the container stops, so consumers a
 * burst started above the minimum concurrency stay until then; Spring Framework 6.2 ends a task after 10 empty
 * receives ({@code idleReceivesPerTaskLimit}) and does not restart an idle one above the minimum; on every line
 * {@code maxMessagesPerTask} (Boot 3.2+: {@code spring.jms.listener.max-messages-per-task}) ends each task after
 * that many receives.
 * <p>
 * The factory keeps no getter for its executor; the field is read by reflection, and if that fails the feature
 * is off with one WARN ({@link DegradedFeatures}) rather than overriding an executor the application may have set.
 */
class JmsListenerVirtualThreads
		extends ListenerExecutorPostProcessor<DefaultJmsListenerContainerFactory, VirtualThreadTaskExecutor>
		implements DisposableBean {

	static final String EXECUTOR_NAME = JmsListenerThreadChoice.KIND;

	static final String THREAD_NAME_PREFIX = "jms-";

	private final LazyExecutor<VirtualThreadTaskExecutor> executor;

	private final JmsListenerThreadChoice choice;

	private final Object recorded;

	private final AtomicBoolean told = new AtomicBoolean();

	JmsListenerVirtualThreads(ObjectProvider<VirtualThreadRegistry> registry, JmsListenerThreadChoice choice) {
		super(DefaultJmsListenerContainerFactory.class, Phase.AFTER_INITIALIZATION, "JMS listeners on virtual threads",
				"JMS listener container factory", LogFactory.getLog(JmsListenerVirtualThreads.class));
		this.choice = choice;
		this.executor = new LazyExecutor<>(() -> new VirtualThreadTaskExecutor(EXECUTOR_NAME,
				registry.getObject().threadFactory(EXECUTOR_NAME, THREAD_NAME_PREFIX)));
		this.recorded = ListenerThreadChoices.record(EXECUTOR_NAME, choice.virtualThreads(), choice.reason());
	}

	JmsListenerThreadChoice getChoice() {
		return this.choice;
	}

	/**
	 * Every factory when the choice is virtual threads; none otherwise, with one INFO line for the first factory
	 * when that is the starter's choice (DEBUG when the application set the property).
	 */
	@Override
	protected boolean applies(DefaultJmsListenerContainerFactory factory, String beanName) {
		if (this.choice.virtualThreads()) {
			return true;
		}
		if (this.told.compareAndSet(false, true)) {
			String message = "vt-starter: JMS listeners stay on platform threads. " + this.choice.reason();
			if (this.choice.automatic()) {
				this.logger.info(message);
			}
			else {
				this.logger.debug(message);
			}
		}
		return false;
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
	 * Refuses new consumers once the context closes, and withdraws the choice from the endpoint. The containers,
	 * stopped before this runs, wait for their consumers themselves: a listener in the middle of a message finishes
	 * it before its session acknowledges.
	 */
	@Override
	public void destroy() throws InterruptedException {
		ListenerThreadChoices.remove(EXECUTOR_NAME, this.recorded);
		VirtualThreadTaskExecutor executor = this.executor.getIfCreated();
		if (executor != null) {
			executor.destroy();
		}
	}

}
