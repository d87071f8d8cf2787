package io.github.vtstarter.autoconfigure.counting;

import java.lang.reflect.Method;
import java.util.concurrent.Executor;

import io.github.vtstarter.autoconfigure.DegradedFeatures;
import io.github.vtstarter.autoconfigure.FunctionalProxy;
import io.github.vtstarter.autoconfigure.web.WebServerThreads;
import io.github.vtstarter.threads.CountingExecutor;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.coyote.ProtocolHandler;

/**
 * Counts the requests of the {@code VirtualThreadExecutor} that Boot 3.2+ gives Tomcat's protocol handler
 * ({@code tomcat-handler-N}). Loaded only when Tomcat is on the class path.
 */
final class TomcatThreadCounting {

	static final String TOMCAT_VIRTUAL_THREAD_EXECUTOR = "org.apache.tomcat.util.threads.VirtualThreadExecutor";

	private static final Log logger = LogFactory.getLog(TomcatThreadCounting.class);

	private TomcatThreadCounting() {
	}

	static void register(Object factory, Method addProtocolHandlerCustomizers, VirtualThreadRegistry registry) {
		try {
			// Added after Boot's own protocol-handler customizer, which sets the executor, so it runs after it.
			FunctionalProxy.addCustomizer(factory, addProtocolHandlerCustomizers,
					(handler) -> DegradedFeatures.guard(logger, "counting Boot's Tomcat request threads",
							() -> count((ProtocolHandler) handler, registry)));
		}
		catch (Exception ex) {
			throw new IllegalStateException("Could not add a protocol-handler customizer to " + factory, ex);
		}
	}

	private static void count(ProtocolHandler protocolHandler, VirtualThreadRegistry registry) {
		Executor executor = protocolHandler.getExecutor();
		if (executor != null && executor.getClass().getName().equals(TOMCAT_VIRTUAL_THREAD_EXECUTOR)) {
			protocolHandler.setExecutor(new CountingExecutor(executor, registry.stats(WebServerThreads.TOMCAT)));
		}
	}

}
