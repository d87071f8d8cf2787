package io.github.vtstarter.autoconfigure.web;

import io.github.vtstarter.threads.VirtualThreadRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.web.embedded.undertow.UndertowServletWebServerFactory;

/**
 * Dispatches Undertow's servlet requests to virtual threads ({@code undertow-N}) instead of its XNIO
 * worker pool, through the deployment's executor: what Boot 3.4 does natively. Not with an Undertow whose buffer
 * pool keeps every thread that used it ({@link UndertowThreadChoice}): there the server keeps its worker pool and
 * one INFO line says why and how to move on.
 */
public class UndertowVirtualThreadsCustomizer extends ServerThreadsCustomizer<UndertowServletWebServerFactory> {

	/** The executor's name in the registry. */
	public static final String EXECUTOR_NAME = WebServerThreads.UNDERTOW;

	/** The prefix of request thread names, as in Boot 3.4. */
	public static final String THREAD_NAME_PREFIX = WebServerThreads.UNDERTOW_THREAD_PREFIX;

	private static final Log logger = LogFactory.getLog(UndertowVirtualThreadsCustomizer.class);

	private final UndertowThreadChoice choice;

	public UndertowVirtualThreadsCustomizer(VirtualThreadRegistry registry, UndertowThreadChoice choice) {
		super(registry, "Undertow", EXECUTOR_NAME, THREAD_NAME_PREFIX);
		this.choice = choice;
	}

	UndertowThreadChoice getChoice() {
		return this.choice;
	}

	@Override
	public void customize(UndertowServletWebServerFactory factory) {
		if (!this.choice.virtualThreads()) {
			String message = "vt-starter: Undertow's requests stay on its worker threads. " + this.choice.reason();
			if (this.choice.automatic()) {
				logger.info(message);
			}
			else {
				logger.debug(message);
			}
			return;
		}
		factory.addDeploymentInfoCustomizers((deploymentInfo) -> {
			if (deploymentInfo.getExecutor() != null) {
				keepApplicationsOwn("the executor " + deploymentInfo.getExecutor());
				return;
			}
			deploymentInfo.setExecutor(virtualThreadsExecutor());
		});
	}

}
