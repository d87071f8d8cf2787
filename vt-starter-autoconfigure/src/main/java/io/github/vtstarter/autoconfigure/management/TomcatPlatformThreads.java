package io.github.vtstarter.autoconfigure.management;

import java.lang.reflect.Array;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Set;
import java.util.concurrent.Executor;

import org.apache.coyote.ProtocolHandler;

/**
 * Resets the executor of the management server's Tomcat connector when it runs virtual threads, so that Tomcat
 * creates its own internal pool of platform threads at start (and stops it). Loaded only with Tomcat present.
 */
final class TomcatPlatformThreads {

	private static final Set<String> VIRTUAL_EXECUTORS = Set.of("org.apache.tomcat.util.threads.VirtualThreadExecutor",
			"io.github.vtstarter.threads.CountingExecutor", "io.github.vtstarter.threads.VirtualThreadPerTaskExecutor");

	private TomcatPlatformThreads() {
	}

	static void register(Object factory, Method addProtocolHandlerCustomizers) {
		Class<?> customizerType = addProtocolHandlerCustomizers.getParameterTypes()[0].getComponentType();
		InvocationHandler handler = (proxy, method, args) -> {
			if (method.getDeclaringClass() == Object.class) {
				return switch (method.getName()) {
					case "equals" -> proxy == args[0];
					case "hashCode" -> System.identityHashCode(proxy);
					default -> "vt-starter management server on platform threads";
				};
			}
			if (method.isDefault()) {
				return InvocationHandler.invokeDefault(proxy, method, args);
			}
			if (args != null && args.length == 1 && args[0] instanceof ProtocolHandler protocolHandler) {
				reset(protocolHandler);
			}
			return null;
		};
		Object customizers = Array.newInstance(customizerType, 1);
		Array.set(customizers, 0,
				Proxy.newProxyInstance(customizerType.getClassLoader(), new Class<?>[] { customizerType }, handler));
		try {
			addProtocolHandlerCustomizers.invoke(factory, customizers);
		}
		catch (ReflectiveOperationException ex) {
			throw new IllegalStateException("Could not add a protocol-handler customizer to " + factory, ex);
		}
	}

	private static void reset(ProtocolHandler protocolHandler) {
		Executor executor = protocolHandler.getExecutor();
		if (executor != null && VIRTUAL_EXECUTORS.contains(executor.getClass().getName())) {
			protocolHandler.setExecutor(null);
		}
	}

}
