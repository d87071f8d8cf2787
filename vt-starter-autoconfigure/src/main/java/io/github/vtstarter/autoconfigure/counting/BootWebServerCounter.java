package io.github.vtstarter.autoconfigure.counting;

import java.lang.reflect.Method;

import io.github.vtstarter.autoconfigure.DegradedFeatures;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.web.server.WebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

/**
 * On Boot 3.2+, where Boot itself puts the embedded server's requests on virtual threads, counts them under
 * {@code tomcat}, {@code jetty} or {@code undertow} in {@code /actuator/virtualthreads} and the
 * {@code executor.*} meters, as with the backport. Boot's executor still starts every thread; only executors
 * that Boot configured for virtual threads are wrapped, never one of the application's.
 * <p>
 * Boot 4 moved the server factories to new packages ({@code org.springframework.boot.tomcat},
 * {@code org.springframework.boot.jetty}), so this customizer takes any {@link WebServerFactory} (the type
 * kept its package) and recognises the server by the factory's methods. Ordered last, so that Boot's own
 * customizers have configured the executor first. Anything unexpected switches the counting off with a WARN
 * ({@link DegradedFeatures}); the server is left as Boot built it.
 */
class BootWebServerCounter implements WebServerFactoryCustomizer<WebServerFactory>, Ordered {

	private static final Log logger = LogFactory.getLog(BootWebServerCounter.class);

	private final VirtualThreadRegistry registry;

	BootWebServerCounter(VirtualThreadRegistry registry) {
		this.registry = registry;
	}

	@Override
	public void customize(WebServerFactory factory) {
		Method tomcat = method(factory, "addProtocolHandlerCustomizers");
		if (tomcat != null && isPresent("org.apache.coyote.ProtocolHandler")) {
			DegradedFeatures.guard(logger, "counting Boot's Tomcat request threads",
					() -> TomcatThreadCounting.register(factory, tomcat, this.registry));
			return;
		}
		Method jetty = method(factory, "getThreadPool");
		if (jetty != null && isPresent("org.eclipse.jetty.util.VirtualThreads")) {
			DegradedFeatures.guard(logger, "counting Boot's Jetty request threads",
					() -> JettyThreadCounting.count(factory, jetty, this.registry));
			return;
		}
		Method undertow = method(factory, "addDeploymentInfoCustomizers");
		if (undertow != null && isPresent("io.undertow.servlet.api.DeploymentInfo")) {
			DegradedFeatures.guard(logger, "counting Boot's Undertow request threads",
					() -> UndertowThreadCounting.register(factory, undertow, this.registry));
		}
	}

	private static Method method(Object target, String name) {
		for (Method method : ReflectionUtils.getUniqueDeclaredMethods(target.getClass())) {
			if (method.getName().equals(name) && java.lang.reflect.Modifier.isPublic(method.getModifiers())
					&& (method.getParameterCount() == 0 || method.isVarArgs())) {
				return method;
			}
		}
		return null;
	}

	private static boolean isPresent(String className) {
		return ClassUtils.isPresent(className, BootWebServerCounter.class.getClassLoader());
	}

	@Override
	public int getOrder() {
		return Ordered.LOWEST_PRECEDENCE;
	}

}
