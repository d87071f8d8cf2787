package io.github.vtstarter.autoconfigure.web;

import io.github.vtstarter.threads.VirtualThreadRegistry;

import org.springframework.boot.web.embedded.undertow.UndertowServletWebServerFactory;

/**
 * Dispatches Undertow's servlet requests to virtual threads ({@code undertow-N}) instead of its XNIO
 * worker pool, through the deployment's executor: what Boot 3.4 does natively.
 */
public class UndertowVirtualThreadsCustomizer extends ServerThreadsCustomizer<UndertowServletWebServerFactory> {

	/** The executor's name in the registry. */
	public static final String EXECUTOR_NAME = WebServerThreads.UNDERTOW;

	/** The prefix of request thread names, as in Boot 3.4. */
	public static final String THREAD_NAME_PREFIX = WebServerThreads.UNDERTOW_THREAD_PREFIX;

	public UndertowVirtualThreadsCustomizer(VirtualThreadRegistry registry) {
		super(registry, "Undertow", EXECUTOR_NAME, THREAD_NAME_PREFIX);
	}

	@Override
	public void customize(UndertowServletWebServerFactory factory) {
		factory.addDeploymentInfoCustomizers((deploymentInfo) -> {
			if (deploymentInfo.getExecutor() != null) {
				keepApplicationsOwn("the executor " + deploymentInfo.getExecutor());
				return;
			}
			deploymentInfo.setExecutor(virtualThreadsExecutor());
		});
	}

}
