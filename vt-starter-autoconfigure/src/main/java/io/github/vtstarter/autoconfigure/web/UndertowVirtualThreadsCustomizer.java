package io.github.vtstarter.autoconfigure.web;

import java.util.concurrent.atomic.AtomicBoolean;

import io.github.vtstarter.autoconfigure.DegradedFeatures;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.web.embedded.undertow.UndertowServletWebServerFactory;

/**
 * Dispatches Undertow's servlet requests to virtual threads ({@code undertow-N}) instead of its XNIO
 * worker pool, through the deployment's executor: what Boot 3.4 does natively. Undertow's buffer pool caches
 * buffers per thread, which a new thread per request turns into a leak, so the builder also gets a pool shared by
 * all threads ({@link UndertowSharedBufferPool}); if that cannot be done, the requests stay on the worker pool, with
 * one WARN.
 */
public class UndertowVirtualThreadsCustomizer extends ServerThreadsCustomizer<UndertowServletWebServerFactory> {

	/** The executor's name in the registry. */
	public static final String EXECUTOR_NAME = WebServerThreads.UNDERTOW;

	/** The prefix of request thread names, as in Boot 3.4. */
	public static final String THREAD_NAME_PREFIX = WebServerThreads.UNDERTOW_THREAD_PREFIX;

	private static final Log logger = LogFactory.getLog(UndertowVirtualThreadsCustomizer.class);

	public UndertowVirtualThreadsCustomizer(VirtualThreadRegistry registry) {
		super(registry, "Undertow", EXECUTOR_NAME, THREAD_NAME_PREFIX);
	}

	@Override
	public void customize(UndertowServletWebServerFactory factory) {
		// Boot applies builder customizers before deployment-info customizers, in getWebServer: the pool is in place
		// (or failed, with one WARN) before the executor is chosen.
		AtomicBoolean sharedPool = new AtomicBoolean();
		factory.addBuilderCustomizers((builder) -> sharedPool.set(DegradedFeatures.guard(logger,
				"Undertow's requests on virtual threads (they need a buffer pool without per-thread caches)",
				() -> UndertowSharedBufferPool.install(builder))));
		factory.addDeploymentInfoCustomizers((deploymentInfo) -> {
			if (!sharedPool.get()) {
				return;
			}
			if (deploymentInfo.getExecutor() != null) {
				keepApplicationsOwn("the executor " + deploymentInfo.getExecutor());
				return;
			}
			deploymentInfo.setExecutor(virtualThreadsExecutor());
		});
	}

}
