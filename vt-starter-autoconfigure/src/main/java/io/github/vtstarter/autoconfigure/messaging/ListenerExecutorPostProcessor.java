package io.github.vtstarter.autoconfigure.messaging;

import java.util.concurrent.Executor;

import io.github.vtstarter.autoconfigure.DegradedFeatures;
import org.apache.commons.logging.Log;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.lang.Nullable;

/**
 * The one shape of every listener post-processor of the starter (Kafka, JMS, RabbitMQ, Redis, and Spring for
 * GraphQL's controller configurer, which takes an executor the same way): for each bean of a
 * listener container (factory) type, read the executor it already has, leave an executor of the application's
 * alone, otherwise give it the starter's virtual-thread executor, and log at DEBUG which of the two happened. The
 * whole decision runs inside {@link DegradedFeatures#guard}: if the library's type changed in a way the starter
 * cannot see through (a field gone, a method moved), that one feature is off with one WARN and the bean is left as
 * it was.
 * <p>
 * A subclass says where the executor lives ({@link #currentExecutor}, {@link #setExecutor}), which executor to
 * give ({@link #executorFor}, typically a {@link LazyExecutor} created when the first container needs it) and,
 * where it differs from "replace none", which current executors it replaces ({@link #replaces}).
 *
 * @param <T> the container or factory type
 * @param <E> the executor type the container takes
 */
public abstract class ListenerExecutorPostProcessor<T, E extends Executor> implements BeanPostProcessor {

	/** When a bean is post-processed. */
	public enum Phase {

		/**
		 * Before its initialisation callbacks: for containers that create an executor of their own in
		 * {@code afterPropertiesSet()} when none is set.
		 */
		BEFORE_INITIALIZATION,

		/** After them: Boot's configurers have run, so the container's settings are final. */
		AFTER_INITIALIZATION

	}

	private final Class<T> type;

	private final Phase phase;

	private final String feature;

	private final String description;

	/** The subclass's logger, named after it. */
	protected final Log logger;

	/**
	 * @param type the container or factory type
	 * @param phase when to post-process it
	 * @param feature what stops working if the decision fails, for the WARN and {@code degraded}; the bean's name
	 * is appended, for example {@code "JMS listeners on virtual threads"}
	 * @param description what such a bean is, in DEBUG lines, for example {@code "JMS listener container
	 * factory"}
	 * @param logger the subclass's logger
	 */
	protected ListenerExecutorPostProcessor(Class<T> type, Phase phase, String feature, String description,
			Log logger) {
		this.type = type;
		this.phase = phase;
		this.feature = feature;
		this.description = description;
		this.logger = logger;
	}

	@Override
	public Object postProcessBeforeInitialization(Object bean, String beanName) {
		if (this.phase == Phase.BEFORE_INITIALIZATION) {
			process(bean, beanName);
		}
		return bean;
	}

	@Override
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		if (this.phase == Phase.AFTER_INITIALIZATION) {
			process(bean, beanName);
		}
		return bean;
	}

	private void process(Object bean, String beanName) {
		if (this.type.isInstance(bean)) {
			T target = this.type.cast(bean);
			if (applies(target, beanName)) {
				DegradedFeatures.guard(this.logger, this.feature + " (" + beanName + ")",
						() -> configure(target, beanName));
			}
		}
	}

	private void configure(T target, String beanName) {
		Object current = currentExecutor(target);
		if (replaces(current)) {
			setExecutor(target, executorFor(target));
			this.logger.debug(this.description + " '" + beanName + "' runs on virtual threads");
		}
		else if (current != null) {
			this.logger.debug(this.description + " '" + beanName + "' has a task executor of its own; leaving it on "
					+ current);
		}
	}

	/**
	 * Whether this bean is one to decide for at all (outside the guard). By default every bean of the type.
	 * @param target the bean
	 * @param beanName its name
	 * @return whether to read and maybe set its executor
	 */
	protected boolean applies(T target, String beanName) {
		return true;
	}

	/**
	 * @param target the bean
	 * @return the executor it has now, or {@code null}
	 */
	@Nullable
	protected abstract Object currentExecutor(T target);

	/**
	 * Whether the starter's executor takes the place of the current one. By default only when there is none: the
	 * application's choice wins.
	 * @param current the current executor, or {@code null}
	 * @return whether to set the starter's
	 */
	protected boolean replaces(@Nullable Object current) {
		return current == null;
	}

	/**
	 * @param target the bean
	 * @return the executor to give it
	 */
	protected abstract E executorFor(T target);

	/**
	 * @param target the bean
	 * @param executor the executor to give it
	 */
	protected abstract void setExecutor(T target, E executor);

}
