package io.github.vtstarter.autoconfigure.web;

import io.github.vtstarter.threads.VirtualThreadRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.eclipse.jetty.util.VirtualThreads;
import org.eclipse.jetty.util.thread.ThreadPool;

import org.springframework.boot.web.embedded.jetty.ConfigurableJettyWebServerFactory;

/**
 * Gives Jetty's thread pool a virtual-threads executor ({@code jetty-N}). Jetty 11 then runs every
 * blocking task, which includes servlet request handling, on a virtual thread, while its selectors stay on
 * the pool's platform threads. The pool itself, and its {@code server.jetty.threads.*} settings, are kept.
 */
public class JettyVirtualThreadsCustomizer extends ServerThreadsCustomizer<ConfigurableJettyWebServerFactory> {

	/** The executor's name in the registry. */
	public static final String EXECUTOR_NAME = WebServerThreads.JETTY;

	/** The prefix of request thread names, as in Boot 3.2. */
	public static final String THREAD_NAME_PREFIX = WebServerThreads.JETTY_THREAD_PREFIX;

	private static final Log logger = LogFactory.getLog(JettyVirtualThreadsCustomizer.class);

	public JettyVirtualThreadsCustomizer(VirtualThreadRegistry registry) {
		super(registry, "Jetty", EXECUTOR_NAME, THREAD_NAME_PREFIX);
	}

	@Override
	public void customize(ConfigurableJettyWebServerFactory factory) {
		factory.addServerCustomizers((server) -> configure(server.getThreadPool()));
	}

	private void configure(ThreadPool threadPool) {
		if (!(threadPool instanceof VirtualThreads.Configurable configurable)) {
			logger.warn("Jetty's thread pool " + threadPool + " cannot run virtual threads; requests stay on it");
			return;
		}
		if (configurable.getVirtualThreadsExecutor() != null) {
			keepApplicationsOwn("the virtual-threads executor " + configurable.getVirtualThreadsExecutor());
			return;
		}
		configurable.setVirtualThreadsExecutor(virtualThreadsExecutor());
	}

}
