package io.github.vtstarter.autoconfigure.graphql;

import java.lang.reflect.Field;
import java.util.concurrent.Executor;

import io.github.vtstarter.autoconfigure.DegradedFeatures;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.task.TaskExecutionAutoConfiguration;
import org.springframework.graphql.data.method.annotation.support.AnnotatedControllerConfigurer;
import org.springframework.util.ReflectionUtils;

/**
 * Gives each {@link AnnotatedControllerConfigurer} that has no executor the application's task executor
 * ({@code applicationTaskExecutor}, virtual threads with the starter), as Boot 3.2+ does in its own configurer
 * bean. Without it, on Boot 3.1, a {@code @QueryMapping} method that returns a {@code Callable} fails every call
 * with "Controller method declared with Callable return value, but no Executor configured"; with it, the method
 * runs on a virtual thread, counted under {@code applicationTaskExecutor}.
 * <p>
 * An executor the application set on the configurer wins: set by its bean method or by a post-processor that
 * runs before this one, the field says so and this one leaves it; set by one that runs after, it replaces this
 * one's. Without an {@code applicationTaskExecutor} bean (the application declares an {@code Executor} of its own
 * under another name) nothing is set, as on Boot 3.2. The configurer has no getter for its executor: the field is
 * read by reflection, and if that fails the feature is off with one WARN ({@link DegradedFeatures}) rather than
 * override an executor the application may have set.
 */
class GraphQlCallableExecutorPostProcessor implements BeanPostProcessor {

	static final String FEATURE = "GraphQL Callable controller methods on virtual threads";

	private static final Log logger = LogFactory.getLog(GraphQlCallableExecutorPostProcessor.class);

	private final BeanFactory beanFactory;

	GraphQlCallableExecutorPostProcessor(BeanFactory beanFactory) {
		this.beanFactory = beanFactory;
	}

	@Override
	public Object postProcessBeforeInitialization(Object bean, String beanName) {
		// Before initialization: the executor is read when the configurer wires its data fetchers, later.
		if (bean instanceof AnnotatedControllerConfigurer configurer) {
			DegradedFeatures.guard(logger, FEATURE + " (" + beanName + ")", () -> configure(configurer, beanName));
		}
		return bean;
	}

	private void configure(AnnotatedControllerConfigurer configurer, String beanName) {
		Object current = currentExecutor(configurer);
		if (current != null) {
			logger.debug("GraphQL controller configurer '" + beanName + "' has an executor of its own; leaving it on "
					+ current);
			return;
		}
		String name = TaskExecutionAutoConfiguration.APPLICATION_TASK_EXECUTOR_BEAN_NAME;
		if (!this.beanFactory.containsBean(name)) {
			logger.debug("No " + name + " bean; GraphQL controller configurer '" + beanName + "' keeps no executor");
			return;
		}
		configurer.setExecutor(this.beanFactory.getBean(name, Executor.class));
		logger.debug("GraphQL controller configurer '" + beanName + "' runs Callable methods on " + name);
	}

	static Object currentExecutor(AnnotatedControllerConfigurer configurer) {
		Field field = ReflectionUtils.findField(AnnotatedControllerConfigurer.class, "executor", Executor.class);
		if (field == null) {
			throw new IllegalStateException("AnnotatedControllerConfigurer has no executor field in this version of "
					+ "Spring for GraphQL; cannot tell whether the application set an executor");
		}
		ReflectionUtils.makeAccessible(field);
		return ReflectionUtils.getField(field, configurer);
	}

}
