package io.github.vtstarter.autoconfigure.web;

import java.util.concurrent.Executor;

import io.github.vtstarter.threads.VirtualThreadRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.web.server.WebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;

/**
 * What the three servers' customizers share: a counted executor that starts one virtual thread per task, under the
 * server's name and thread-name prefix (as Boot 3.2+ names them), and the rule that an executor the application
 * set itself is kept, with one INFO line. Each subclass only says where its server takes the executor.
 *
 * @param <F> the server's factory type
 */
public abstract class ServerThreadsCustomizer<F extends WebServerFactory> implements WebServerFactoryCustomizer<F> {

	private static final Log logger = LogFactory.getLog(ServerThreadsCustomizer.class);

	private final VirtualThreadRegistry registry;

	private final String server;

	private final String executorName;

	private final String threadNamePrefix;

	/**
	 * Creates a customizer.
	 * @param registry where the executor is counted
	 * @param server the server's name in log lines ({@code Tomcat})
	 * @param executorName the executor's name in the registry ({@code tomcat})
	 * @param threadNamePrefix the prefix of its thread names ({@code tomcat-handler-})
	 */
	protected ServerThreadsCustomizer(VirtualThreadRegistry registry, String server, String executorName,
			String threadNamePrefix) {
		this.registry = registry;
		this.server = server;
		this.executorName = executorName;
		this.threadNamePrefix = threadNamePrefix;
	}

	/**
	 * A new counted executor for the server's requests.
	 * @return the executor
	 */
	protected final Executor virtualThreadsExecutor() {
		return this.registry.executor(this.executorName, this.threadNamePrefix);
	}

	/**
	 * Says that the server keeps what the application set.
	 * @param what what the application set, for example {@code "the executor " + executor}
	 */
	protected final void keepApplicationsOwn(String what) {
		logger.info(this.server + " keeps " + what + " set by the application; its requests do not run on "
				+ "vt-starter's virtual threads");
	}

}
