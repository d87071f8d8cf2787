package io.github.vtstarter.autoconfigure.web;

import io.github.vtstarter.threads.VirtualThreadRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.web.embedded.undertow.UndertowServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;

/**
 * Dispatches Undertow's servlet requests to virtual threads ({@code undertow-N}) instead of its XNIO
 * worker pool, through the deployment's executor: what Boot 3.4 does natively.
 */
public class UndertowVirtualThreadsCustomizer implements WebServerFactoryCustomizer<UndertowServletWebServerFactory> {

	/** The executor's name in the registry. */
	public static final String EXECUTOR_NAME = WebServerThreads.UNDERTOW;

	/** The prefix of request thread names, as in Boot 3.4. */
	public static final String THREAD_NAME_PREFIX = WebServerThreads.UNDERTOW_THREAD_PREFIX;

	private static final Log logger = LogFactory.getLog(UndertowVirtualThreadsCustomizer.class);

	private final VirtualThreadRegistry registry;

	public UndertowVirtualThreadsCustomizer(VirtualThreadRegistry registry) {
		this.registry = registry;
	}

	@Override
	public void customize(UndertowServletWebServerFactory factory) {
		factory.addDeploymentInfoCustomizers((deploymentInfo) -> {
			if (deploymentInfo.getExecutor() != null) {
				logger.info("Undertow keeps the executor set by the application");
				return;
			}
			deploymentInfo.setExecutor(this.registry.executor(EXECUTOR_NAME, THREAD_NAME_PREFIX));
		});
	}

}
