package io.github.vtstarter.autoconfigure.management;

import java.lang.reflect.Method;
import java.util.concurrent.Executor;

import io.github.vtstarter.autoconfigure.DegradedFeatures;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.web.server.WebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;
import org.springframework.util.ReflectionUtils;

/**
 * Keeps the management server (its own port, {@code management.server.port}) on platform threads, so that
 * {@code /actuator/health} and {@code /actuator/virtualthreads} answer while the virtual-thread scheduler is
 * starved: a request handed to a virtual thread then waits for a carrier that never comes.
 * <p>
 * Boot 3.2+ applies its virtual-thread customizers to the management server too. This customizer runs in the
 * management child context after them (lowest precedence) and puts back what the server has without virtual
 * threads: Tomcat's own internal pool (the protocol handler's executor reset, so Tomcat creates and stops it),
 * Jetty's default {@code QueuedThreadPool} (in place of Boot 4's {@code VirtualThreadPool} or Boot 3's
 * {@code QueuedThreadPool} with a virtual-threads executor). The management server is small and rarely busy; a
 * few platform threads are what it had before virtual threads. Undertow, which Boot never puts on virtual
 * threads, is left alone. Reached by reflection, since the factories' packages differ between Boot 3 and 4.
 */
class ManagementServerPlatformThreads implements WebServerFactoryCustomizer<WebServerFactory>, Ordered {

	private static final Log logger = LogFactory.getLog(ManagementServerPlatformThreads.class);

	private static final String JETTY_VIRTUAL_THREAD_POOL = "org.eclipse.jetty.util.thread.VirtualThreadPool";

	private final boolean enabled;

	ManagementServerPlatformThreads(boolean enabled) {
		this.enabled = enabled;
	}

	@Override
	public void customize(WebServerFactory factory) {
		if (!this.enabled) {
			return;
		}
		DegradedFeatures.guard(logger, "keeping the management server on platform threads", () -> apply(factory));
	}

	private void apply(WebServerFactory factory) {
		Method addProtocolHandlerCustomizers = find(factory, "addProtocolHandlerCustomizers");
		if (addProtocolHandlerCustomizers != null) {
			TomcatPlatformThreads.register(factory, addProtocolHandlerCustomizers);
			return;
		}
		Method getThreadPool = find(factory, "getThreadPool");
		if (getThreadPool != null) {
			Object pool = ReflectionUtils.invokeMethod(getThreadPool, factory);
			if (pool != null && usesVirtualThreads(pool)) {
				Method setThreadPool = ReflectionUtils.findMethod(factory.getClass(), "setThreadPool",
						getThreadPool.getReturnType());
				if (setThreadPool != null) {
					// null: the factory creates Jetty's default QueuedThreadPool of platform threads.
					ReflectionUtils.invokeMethod(setThreadPool, factory, (Object) null);
				}
			}
		}
	}

	private static boolean usesVirtualThreads(Object jettyPool) {
		// Boot 4 gives Jetty a VirtualThreadPool, whose executor is created only when the pool starts;
		// Boot 3.2-3.5 a QueuedThreadPool with a virtual-threads executor set.
		if (jettyPool.getClass().getName().equals(JETTY_VIRTUAL_THREAD_POOL)) {
			return true;
		}
		Method getter = ReflectionUtils.findMethod(jettyPool.getClass(), "getVirtualThreadsExecutor");
		return getter != null && ReflectionUtils.invokeMethod(getter, jettyPool) instanceof Executor;
	}

	private static Method find(Object target, String name) {
		for (Method method : target.getClass().getMethods()) {
			if (method.getName().equals(name)
					&& (name.startsWith("get") ? method.getParameterCount() == 0 : method.isVarArgs())) {
				return method;
			}
		}
		return null;
	}

	@Override
	public int getOrder() {
		return Ordered.LOWEST_PRECEDENCE;
	}

}
