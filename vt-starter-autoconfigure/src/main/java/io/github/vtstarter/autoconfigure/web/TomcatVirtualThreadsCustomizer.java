package io.github.vtstarter.autoconfigure.web;

import java.util.concurrent.Executor;

import io.github.vtstarter.threads.VirtualThreadRegistry;
import org.apache.coyote.ProtocolHandler;

import org.springframework.boot.web.embedded.tomcat.ConfigurableTomcatWebServerFactory;
import org.springframework.boot.web.embedded.tomcat.TomcatProtocolHandlerCustomizer;

/**
 * Gives Tomcat's protocol handler an executor that runs each request on a new virtual thread named
 * {@code tomcat-handler-N}, as Boot 3.2 does. Tomcat's own {@code VirtualThreadExecutor} is not used:
 * Tomcat 10.1.8, shipped with Boot 3.1.0, does not have it.
 * <p>
 * The protocol-handler customizer runs after the application's own ones (Boot adds those when it
 * creates the factory); if one of them has set an executor, that executor is kept.
 */
public class TomcatVirtualThreadsCustomizer extends ServerThreadsCustomizer<ConfigurableTomcatWebServerFactory> {

	/** The executor's name in the registry. */
	public static final String EXECUTOR_NAME = WebServerThreads.TOMCAT;

	/** The prefix of request thread names, as in Boot 3.2. */
	public static final String THREAD_NAME_PREFIX = WebServerThreads.TOMCAT_THREAD_PREFIX;

	public TomcatVirtualThreadsCustomizer(VirtualThreadRegistry registry) {
		super(registry, "Tomcat", EXECUTOR_NAME, THREAD_NAME_PREFIX);
	}

	@Override
	public void customize(ConfigurableTomcatWebServerFactory factory) {
		factory.addProtocolHandlerCustomizers((TomcatProtocolHandlerCustomizer<ProtocolHandler>) this::customize);
	}

	private void customize(ProtocolHandler protocolHandler) {
		Executor existing = protocolHandler.getExecutor();
		if (existing != null) {
			keepApplicationsOwn("the executor " + existing);
			return;
		}
		protocolHandler.setExecutor(virtualThreadsExecutor());
	}

}
