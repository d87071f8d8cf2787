package io.github.vtstarter.autoconfigure.web;

import java.util.concurrent.atomic.AtomicReference;

import io.github.vtstarter.autoconfigure.DegradedFeatures;
import io.github.vtstarter.autoconfigure.SpringVirtualThreadTaskExecutors;
import io.undertow.Undertow;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.web.embedded.undertow.UndertowServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;

/**
 * On Boot 3.4 and 3.5, where Boot itself puts Undertow's servlet requests on virtual threads (a
 * {@code VirtualThreadTaskExecutor} named {@code undertow-} as the deployment's executor), gives Undertow the buffer
 * pool shared by all threads that the backport gives it on Boot 3.1 to 3.3 ({@link UndertowSharedBufferPool}). Boot
 * leaves Undertow's own pool in place, whose per-thread caches a new thread per request defeats (Boot 3.4.13 ships
 * Undertow 2.3.20, Boot 3.5.16 2.3.24: the same pool as the 2.3.18 that the defaults benchmark measured).
 * <p>
 * Boot builds the server in this order: the builder and its customizers, then the deployment and its customizers,
 * then, at start, {@code builder.build()}. So the builder is kept from the first step, and the pool is set in the
 * second, only once the deployment's executor is known to be Boot's virtual-thread executor: an executor the
 * application set keeps Undertow's own pool. Ordered before the starter's counting of Boot's executor, which wraps
 * it.
 */
public class UndertowSharedBufferPoolCustomizer
		implements WebServerFactoryCustomizer<UndertowServletWebServerFactory>, Ordered {

	private static final Log logger = LogFactory.getLog(UndertowSharedBufferPoolCustomizer.class);

	@Override
	public void customize(UndertowServletWebServerFactory factory) {
		AtomicReference<Undertow.Builder> builder = new AtomicReference<>();
		factory.addBuilderCustomizers(builder::set);
		factory.addDeploymentInfoCustomizers((deploymentInfo) -> {
			if (builder.get() != null && SpringVirtualThreadTaskExecutors.isOne(deploymentInfo.getExecutor())) {
				DegradedFeatures.guard(logger,
						"a buffer pool without per-thread caches for Boot's Undertow requests on virtual threads",
						() -> UndertowSharedBufferPool.install(builder.get()));
			}
		});
	}

	@Override
	public int getOrder() {
		return 0;
	}

}
