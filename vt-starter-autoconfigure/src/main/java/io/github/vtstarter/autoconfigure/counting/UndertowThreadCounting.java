package io.github.vtstarter.autoconfigure.counting;

import java.lang.reflect.Method;
import java.util.concurrent.Executor;

import io.github.vtstarter.autoconfigure.DegradedFeatures;
import io.github.vtstarter.autoconfigure.FunctionalProxy;
import io.github.vtstarter.autoconfigure.SpringVirtualThreadTaskExecutors;
import io.github.vtstarter.autoconfigure.web.WebServerThreads;
import io.github.vtstarter.threads.CountingExecutor;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import io.undertow.servlet.api.DeploymentInfo;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Counts the requests of the {@code VirtualThreadTaskExecutor} that Boot 3.4 and 3.5 give Undertow's deployment
 * ({@code undertow-N}); Boot 4 has no Undertow. On Boot 3.2 and 3.3 the starter's own Undertow executor is
 * counted already. Loaded only when Undertow is on the class path.
 */
final class UndertowThreadCounting {

	private static final Log logger = LogFactory.getLog(UndertowThreadCounting.class);

	private UndertowThreadCounting() {
	}

	static void register(Object factory, Method addDeploymentInfoCustomizers, VirtualThreadRegistry registry) {
		try {
			// Boot's own deployment customizers are in the factory's list already, so this one runs after them.
			FunctionalProxy.addCustomizer(factory, addDeploymentInfoCustomizers,
					(deploymentInfo) -> DegradedFeatures.guard(logger, "counting Boot's Undertow request threads",
							() -> count((DeploymentInfo) deploymentInfo, registry)));
		}
		catch (Exception ex) {
			throw new IllegalStateException("Could not add a deployment-info customizer to " + factory, ex);
		}
	}

	private static void count(DeploymentInfo deploymentInfo, VirtualThreadRegistry registry) {
		Executor executor = deploymentInfo.getExecutor();
		if (SpringVirtualThreadTaskExecutors.isOne(executor)) {
			deploymentInfo.setExecutor(new CountingExecutor(executor, registry.stats(WebServerThreads.UNDERTOW)));
		}
	}

}
