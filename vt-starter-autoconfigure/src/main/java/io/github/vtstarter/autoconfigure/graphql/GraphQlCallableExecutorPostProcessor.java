package io.github.vtstarter.autoconfigure.graphql;

import java.util.concurrent.Executor;

import io.github.vtstarter.autoconfigure.DegradedFeatures;
import io.github.vtstarter.autoconfigure.messaging.ListenerExecutorPostProcessor;
import io.github.vtstarter.autoconfigure.messaging.TaskExecutorField;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.boot.autoconfigure.task.TaskExecutionAutoConfiguration;
import org.springframework.graphql.data.method.annotation.support.AnnotatedControllerConfigurer;

/**
 * Gives each {@link AnnotatedControllerConfigurer} that has no executor the application's task executor
 * ({@code applicationTaskExecutor}, virtual threads with the starter), as Boot 3.2+ does in its own configurer
 * bean. Without it, on Boot 3.1, a {@code @QueryMapping} method that returns a {@code Callable} fails every call
 * with "Controller method declared with Callable return value, but no Executor configured"; with it, the method
 * runs on a virtual thread, counted under {@code applicationTaskExecutor}.
 * <p>
 * The decision is the listeners' ({@link ListenerExecutorPostProcessor}): an executor the application set on the
 * configurer wins (its bean method or a post-processor that runs before this one set it, and the field says so;
 * one that runs after replaces this one's). Without an {@code applicationTaskExecutor} bean (the application
 * declares an {@code Executor} of its own under another name) nothing is set, as on Boot 3.2. The configurer has
 * no getter for its executor: the field is read by reflection, and if that fails the feature is off with one WARN
 * ({@link DegradedFeatures}) rather than override an executor the application may have set.
 */
class GraphQlCallableExecutorPostProcessor
		extends ListenerExecutorPostProcessor<AnnotatedControllerConfigurer, Executor> {

	static final String FEATURE = "GraphQL Callable controller methods on virtual threads";

	private static final String EXECUTOR_NAME = TaskExecutionAutoConfiguration.APPLICATION_TASK_EXECUTOR_BEAN_NAME;

	private final BeanFactory beanFactory;

	GraphQlCallableExecutorPostProcessor(BeanFactory beanFactory) {
		// Before initialization: the executor is read when the configurer wires its data fetchers, later.
		super(AnnotatedControllerConfigurer.class, Phase.BEFORE_INITIALIZATION, FEATURE,
				"GraphQL controller configurer", LogFactory.getLog(GraphQlCallableExecutorPostProcessor.class));
		this.beanFactory = beanFactory;
	}

	@Override
	protected boolean applies(AnnotatedControllerConfigurer target, String beanName) {
		return this.beanFactory.containsBean(EXECUTOR_NAME);
	}

	@Override
	protected Object currentExecutor(AnnotatedControllerConfigurer target) {
		return TaskExecutorField.read(AnnotatedControllerConfigurer.class, "executor", target);
	}

	@Override
	protected Executor executorFor(AnnotatedControllerConfigurer target) {
		return this.beanFactory.getBean(EXECUTOR_NAME, Executor.class);
	}

	@Override
	protected void setExecutor(AnnotatedControllerConfigurer target, Executor executor) {
		target.setExecutor(executor);
	}

}
