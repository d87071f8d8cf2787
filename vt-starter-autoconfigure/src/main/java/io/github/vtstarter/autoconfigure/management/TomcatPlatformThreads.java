package io.github.vtstarter.autoconfigure.management;

import java.lang.reflect.Method;
import java.util.Set;
import java.util.concurrent.Executor;

import io.github.vtstarter.autoconfigure.FunctionalProxy;
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
		try {
			FunctionalProxy.addCustomizer(factory, addProtocolHandlerCustomizers, (handler) -> {
				if (handler instanceof ProtocolHandler protocolHandler) {
					reset(protocolHandler);
				}
			});
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
