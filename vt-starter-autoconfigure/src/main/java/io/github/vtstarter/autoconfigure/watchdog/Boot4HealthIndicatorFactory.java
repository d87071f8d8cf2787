package io.github.vtstarter.autoconfigure.watchdog;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Map;

import io.github.vtstarter.watchdog.SchedulerWatchdog;

import org.springframework.beans.factory.FactoryBean;

/**
 * {@code virtualThreads} on Boot 4, whose health API moved to {@code org.springframework.boot.health.contributor}.
 * The starter is compiled against Boot 3.1, so the indicator is a proxy of Boot 4's {@code HealthIndicator} whose
 * {@code health()} builds a Boot 4 {@code Health} by reflection (same {@code up()}/{@code down()}/
 * {@code withDetails}/{@code build()} API as Boot 3). A {@link FactoryBean} so that the bean's type is Boot 4's
 * interface, which Boot's health registry looks up.
 */
class Boot4HealthIndicatorFactory implements FactoryBean<Object> {

	static final String HEALTH_INDICATOR = "org.springframework.boot.health.contributor.HealthIndicator";

	static final String HEALTH = "org.springframework.boot.health.contributor.Health";

	private final SchedulerWatchdog watchdog;

	private final Class<?> indicatorType;

	private final Method up;

	private final Method down;

	private final Method withDetails;

	private final Method build;

	Boot4HealthIndicatorFactory(SchedulerWatchdog watchdog, ClassLoader classLoader) throws ReflectiveOperationException {
		this.watchdog = watchdog;
		this.indicatorType = Class.forName(HEALTH_INDICATOR, false, classLoader);
		Class<?> health = Class.forName(HEALTH, false, classLoader);
		Class<?> builder = Class.forName(HEALTH + "$Builder", false, classLoader);
		this.up = health.getMethod("up");
		this.down = health.getMethod("down");
		this.withDetails = builder.getMethod("withDetails", Map.class);
		this.build = builder.getMethod("build");
	}

	@Override
	public Object getObject() {
		InvocationHandler handler = (proxy, method, args) -> {
			if (method.getDeclaringClass() == Object.class) {
				return switch (method.getName()) {
					case "equals" -> proxy == args[0];
					case "hashCode" -> System.identityHashCode(proxy);
					default -> "vt-starter virtualThreads health indicator";
				};
			}
			if (method.isDefault()) {
				return InvocationHandler.invokeDefault(proxy, method, args);
			}
			if (method.getName().equals("health") && method.getParameterCount() == 0) {
				return health();
			}
			throw new UnsupportedOperationException(method.toString());
		};
		return Proxy.newProxyInstance(this.indicatorType.getClassLoader(), new Class<?>[] { this.indicatorType },
				handler);
	}

	private Object health() throws ReflectiveOperationException {
		Object builder = (WatchdogHealth.up(this.watchdog) ? this.up : this.down).invoke(null);
		builder = this.withDetails.invoke(builder, WatchdogHealth.details(this.watchdog));
		return this.build.invoke(builder);
	}

	@Override
	public Class<?> getObjectType() {
		return this.indicatorType;
	}

}
