package io.github.vtstarter.autoconfigure.watchdog;

import java.lang.reflect.Method;
import java.util.Map;

import io.github.vtstarter.autoconfigure.FunctionalProxy;
import io.github.vtstarter.watchdog.SchedulerWatchdog;

import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanClassLoaderAware;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.context.annotation.ImportBeanDefinitionRegistrar;
import org.springframework.core.type.AnnotationMetadata;

/**
 * {@code virtualThreads} on Boot 4, whose health API moved to {@code org.springframework.boot.health.contributor}.
 * The starter is compiled against Boot 3.1, so the indicator is a proxy of Boot 4's {@code HealthIndicator} whose
 * {@code health()} builds a Boot 4 {@code Health} by reflection (the same {@code up()}/{@code down()}/
 * {@code withDetails}/{@code build()} API as Boot 3).
 * <p>
 * Registered as a bean definition whose type is Boot 4's interface, created on first use: Boot's health registry
 * finds it by type without creating anything. A {@code FactoryBean} (what this was) has to be created to tell its
 * type, so asking for health indicators early created the watchdog before the bean post-processors, and Spring
 * logged three {@code BeanPostProcessorChecker} WARNs at every start. The application's own bean named
 * {@code virtualThreads} wins.
 */
class Boot4HealthIndicatorRegistrar implements ImportBeanDefinitionRegistrar, BeanClassLoaderAware, BeanFactoryAware {

	static final String HEALTH_INDICATOR = "org.springframework.boot.health.contributor.HealthIndicator";

	static final String HEALTH = "org.springframework.boot.health.contributor.Health";

	private ClassLoader classLoader;

	private BeanFactory beanFactory;

	@Override
	public void setBeanClassLoader(ClassLoader classLoader) {
		this.classLoader = classLoader;
	}

	@Override
	public void setBeanFactory(BeanFactory beanFactory) throws BeansException {
		this.beanFactory = beanFactory;
	}

	@Override
	public void registerBeanDefinitions(AnnotationMetadata metadata, BeanDefinitionRegistry registry) {
		if (registry.containsBeanDefinition(WatchdogAutoConfiguration.HEALTH_INDICATOR_NAME)) {
			return;
		}
		Class<?> indicatorType;
		try {
			indicatorType = Class.forName(HEALTH_INDICATOR, false, this.classLoader);
		}
		catch (ClassNotFoundException ex) {
			return;
		}
		BeanFactory factory = this.beanFactory;
		ClassLoader loader = this.classLoader;
		RootBeanDefinition definition = new RootBeanDefinition();
		definition.setBeanClass(indicatorType);
		definition.setTargetType(indicatorType);
		definition.setInstanceSupplier(() -> create(indicatorType, factory.getBean(SchedulerWatchdog.class), loader));
		registry.registerBeanDefinition(WatchdogAutoConfiguration.HEALTH_INDICATOR_NAME, definition);
	}

	static Object create(Class<?> indicatorType, SchedulerWatchdog watchdog, ClassLoader classLoader) {
		try {
			Class<?> health = Class.forName(HEALTH, false, classLoader);
			Class<?> builder = Class.forName(HEALTH + "$Builder", false, classLoader);
			Method up = health.getMethod("up");
			Method down = health.getMethod("down");
			Method withDetails = builder.getMethod("withDetails", Map.class);
			Method build = builder.getMethod("build");
			return FunctionalProxy.implement(indicatorType, (args) -> {
				Object status = (WatchdogHealth.up(watchdog) ? up : down).invoke(null);
				return build.invoke(withDetails.invoke(status, WatchdogHealth.details(watchdog)));
			});
		}
		catch (ReflectiveOperationException ex) {
			throw new IllegalStateException("Boot 4's health API is not as expected", ex);
		}
	}

}
