package io.github.vtstarter.autoconfigure.counting;

import java.lang.reflect.Method;
import java.util.concurrent.Executor;

import io.github.vtstarter.autoconfigure.web.WebServerThreads;
import io.github.vtstarter.threads.CountingExecutor;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import org.eclipse.jetty.util.VirtualThreads;

import org.springframework.util.ReflectionUtils;

/**
 * Counts the requests of the thread pool that Boot 3.2+ gives Jetty:
 * <ul>
 * <li>Boot 3.2 to 3.5.6: a {@code QueuedThreadPool} whose virtual-threads executor Boot has set, which is
 * wrapped;</li>
 * <li>Boot 3.5.7+ and 4.x: a Jetty 12 {@code VirtualThreadPool}, which creates its executor when it starts; it
 * is given, before that, the executor it would create (Jetty's own named executor, {@code jetty-N}), wrapped.</li>
 * </ul>
 * Both implement Jetty's {@link VirtualThreads.Configurable}, the same in Jetty 11 and 12. Loaded only when
 * Jetty is on the class path.
 */
final class JettyThreadCounting {

	static final String VIRTUAL_THREAD_POOL = "org.eclipse.jetty.util.thread.VirtualThreadPool";

	private JettyThreadCounting() {
	}

	static void count(Object factory, Method getThreadPool, VirtualThreadRegistry registry) {
		Object pool = ReflectionUtils.invokeMethod(getThreadPool, factory);
		if (!(pool instanceof VirtualThreads.Configurable configurable)) {
			return; // no pool yet (Jetty's default, platform threads) or one of the application's
		}
		Executor executor = configurable.getVirtualThreadsExecutor();
		if (executor == null && pool.getClass().getName().equals(VIRTUAL_THREAD_POOL)) {
			executor = namedVirtualThreadsExecutor(pool);
		}
		if (executor == null || executor instanceof CountingExecutor) {
			return;
		}
		configurable.setVirtualThreadsExecutor(new CountingExecutor(executor, registry.stats(WebServerThreads.JETTY)));
	}

	/** What a Jetty 12 {@code VirtualThreadPool} creates in {@code doStart()} for its name. */
	private static Executor namedVirtualThreadsExecutor(Object pool) {
		Method getName = ReflectionUtils.findMethod(pool.getClass(), "getName");
		Method named = ReflectionUtils.findMethod(VirtualThreads.class, "getNamedVirtualThreadsExecutor", String.class);
		if (getName == null || named == null) {
			return null;
		}
		String name = (String) ReflectionUtils.invokeMethod(getName, pool);
		return (Executor) ReflectionUtils.invokeMethod(named, null,
				(name != null && !name.isBlank()) ? name : WebServerThreads.JETTY_THREAD_PREFIX);
	}

}
