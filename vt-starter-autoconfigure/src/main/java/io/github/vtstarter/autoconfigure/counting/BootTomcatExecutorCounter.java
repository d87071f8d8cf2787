package io.github.vtstarter.autoconfigure.counting;

import java.util.concurrent.Executor;

import io.github.vtstarter.autoconfigure.web.TomcatVirtualThreadsCustomizer;
import io.github.vtstarter.threads.CountingExecutor;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import org.apache.coyote.ProtocolHandler;

import org.springframework.boot.web.embedded.tomcat.ConfigurableTomcatWebServerFactory;
import org.springframework.boot.web.embedded.tomcat.TomcatProtocolHandlerCustomizer;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;

/**
 * On Boot 3.2+, where Boot itself gives Tomcat a {@code VirtualThreadExecutor} ({@code tomcat-handler-N}), wraps
 * that executor so that its tasks are counted under {@code tomcat} in {@code /actuator/virtualthreads} and the
 * {@code executor.*} meters, as with the backport. Boot's executor still starts every thread.
 * <p>
 * Ordered last, so that its protocol-handler customizer runs after Boot's (order 1) has set the executor. Any
 * other executor (one the application set, a platform pool) is left alone.
 */
class BootTomcatExecutorCounter implements WebServerFactoryCustomizer<ConfigurableTomcatWebServerFactory>, Ordered {

	static final String TOMCAT_VIRTUAL_THREAD_EXECUTOR = "org.apache.tomcat.util.threads.VirtualThreadExecutor";

	private final VirtualThreadRegistry registry;

	BootTomcatExecutorCounter(VirtualThreadRegistry registry) {
		this.registry = registry;
	}

	@Override
	public void customize(ConfigurableTomcatWebServerFactory factory) {
		factory.addProtocolHandlerCustomizers((TomcatProtocolHandlerCustomizer<ProtocolHandler>) this::count);
	}

	private void count(ProtocolHandler protocolHandler) {
		Executor executor = protocolHandler.getExecutor();
		if (executor != null && executor.getClass().getName().equals(TOMCAT_VIRTUAL_THREAD_EXECUTOR)) {
			protocolHandler.setExecutor(new CountingExecutor(executor,
					this.registry.stats(TomcatVirtualThreadsCustomizer.EXECUTOR_NAME)));
		}
	}

	@Override
	public int getOrder() {
		return Ordered.LOWEST_PRECEDENCE;
	}

}
