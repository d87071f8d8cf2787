package io.github.vtstarter.autoconfigure.web;

import java.util.concurrent.Executor;

import io.github.vtstarter.threads.VirtualThreadRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.coyote.ProtocolHandler;

import org.springframework.boot.web.embedded.tomcat.ConfigurableTomcatWebServerFactory;
import org.springframework.boot.web.embedded.tomcat.TomcatProtocolHandlerCustomizer;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;

/**
 * Gives Tomcat's protocol handler an executor that runs each request on a new virtual thread named
 * {@code tomcat-handler-N}, as Boot 3.2 does. Tomcat's own {@code VirtualThreadExecutor} is not used:
 * Tomcat 10.1.8, shipped with Boot 3.1.0, does not have it.
 * <p>
 * The protocol-handler customizer runs after the application's own ones (Boot adds those when it
 * creates the factory); if one of them has set an executor, that executor is kept.
 */
public class TomcatVirtualThreadsCustomizer implements WebServerFactoryCustomizer<ConfigurableTomcatWebServerFactory> {

	/** The executor's name in the registry. */
	public static final String EXECUTOR_NAME = WebServerThreads.TOMCAT;

	/** The prefix of request thread names, as in Boot 3.2. */
	public static final String THREAD_NAME_PREFIX = WebServerThreads.TOMCAT_THREAD_PREFIX;

	private static final Log logger = LogFactory.getLog(TomcatVirtualThreadsCustomizer.class);

	private final VirtualThreadRegistry registry;

	public TomcatVirtualThreadsCustomizer(VirtualThreadRegistry registry) {
		this.registry = registry;
	}

	@Override
	public void customize(ConfigurableTomcatWebServerFactory factory) {
		factory.addProtocolHandlerCustomizers((TomcatProtocolHandlerCustomizer<ProtocolHandler>) this::customize);
	}

	private void customize(ProtocolHandler protocolHandler) {
		Executor existing = protocolHandler.getExecutor();
		if (existing != null) {
			logger.info("Tomcat keeps the executor set by the application (" + existing
					+ "); requests do not run on vt-starter's virtual threads");
			return;
		}
		protocolHandler.setExecutor(this.registry.executor(EXECUTOR_NAME, THREAD_NAME_PREFIX));
	}

}
