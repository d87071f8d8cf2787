package io.github.vtstarter.autoconfigure.keepalive;

import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;

import io.github.vtstarter.threads.VirtualThreadRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.BeansException;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.task.TaskExecutionAutoConfiguration;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationContextAware;
import org.springframework.context.ApplicationListener;
import org.springframework.context.event.ApplicationContextEvent;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.ContextRefreshedEvent;
import org.springframework.scheduling.config.ScheduledTaskHolder;

/**
 * A non-daemon platform thread named {@code keep-alive} that holds the JVM until its application context is
 * closed, as Boot 3.2's {@code spring.main.keep-alive} thread does. Events of parent or child contexts are
 * ignored.
 * <p>
 * When it starts depends on {@link Start}:
 * <ul>
 * <li>{@link Start#ON_REFRESH} ({@code spring.main.keep-alive=true}): when the context is refreshed, as in
 * Boot 3.2;</li>
 * <li>{@link Start#WHEN_BACKGROUND_WORK} (the property not set, virtual threads on): when the application has
 * work that Boot 3.1 ran on non-daemon pool threads and that now runs on daemon virtual threads:
 * {@code @Scheduled} methods (from the refresh, if there are any; {@code @EnableScheduling} alone is not work)
 * or the application task executor (from its first task). An application with neither, a command-line runner say, still exits when
 * {@code main} returns, as it did without the starter; a web server holds the JVM by itself.</li>
 * </ul>
 */
public class KeepAliveThread implements ApplicationListener<ApplicationContextEvent>, ApplicationContextAware {

	/** The thread's name, as in Boot 3.2. */
	public static final String THREAD_NAME = "keep-alive";

	private static final Log logger = LogFactory.getLog(KeepAliveThread.class);

	/** When the thread starts. */
	public enum Start {

		/** When the context is refreshed ({@code spring.main.keep-alive=true}). */
		ON_REFRESH,

		/** When {@code @Scheduled} methods or the application task executor give the JVM work to wait for. */
		WHEN_BACKGROUND_WORK

	}

	private final Start start;

	private final ObjectProvider<VirtualThreadRegistry> registry;

	private ApplicationContext context;

	// A lock rather than synchronized: the first task may be handed over on a virtual thread (a request), and a
	// starter for virtual threads should not hold a monitor there.
	private final Lock lock = new ReentrantLock();

	private Thread thread;

	private boolean open;

	/**
	 * Creates the keep-alive.
	 * @param start when the thread starts
	 * @param registry the registry whose application task executor is watched for its first task
	 * ({@link Start#WHEN_BACKGROUND_WORK})
	 */
	public KeepAliveThread(Start start, ObjectProvider<VirtualThreadRegistry> registry) {
		this.start = start;
		this.registry = registry;
	}

	@Override
	public void setApplicationContext(ApplicationContext applicationContext) throws BeansException {
		this.context = applicationContext;
	}

	@Override
	public void onApplicationEvent(ApplicationContextEvent event) {
		if (event.getApplicationContext() != this.context) {
			return;
		}
		if (event instanceof ContextRefreshedEvent) {
			refreshed();
		}
		else if (event instanceof ContextClosedEvent) {
			stop();
		}
	}

	private void refreshed() {
		this.lock.lock();
		try {
			this.open = true;
		}
		finally {
			this.lock.unlock();
		}
		if (this.start == Start.ON_REFRESH) {
			startIfOpen("spring.main.keep-alive is true");
			return;
		}
		if (hasScheduledTasks()) {
			startIfOpen("@Scheduled methods run on daemon virtual threads");
			return;
		}
		// Runs at once if the executor was used during the refresh.
		this.registry.ifAvailable((threads) -> threads.whenFirstTaskSubmitted(
				TaskExecutionAutoConfiguration.APPLICATION_TASK_EXECUTOR_BEAN_NAME,
				() -> startIfOpen("the application task executor runs on daemon virtual threads")));
	}

	/**
	 * Whether {@code @Scheduled} methods exist: {@code @EnableScheduling} alone gives the JVM no work to wait for.
	 * Asked of every {@link ScheduledTaskHolder} (the scheduled-annotation processor is one) rather than of the
	 * processor's bean name, which Spring Framework 7 changed.
	 */
	private boolean hasScheduledTasks() {
		for (ScheduledTaskHolder holder : this.context.getBeansOfType(ScheduledTaskHolder.class, false, false)
			.values()) {
			if (!holder.getScheduledTasks().isEmpty()) {
				return true;
			}
		}
		return false;
	}

	private void startIfOpen(String reason) {
		this.lock.lock();
		try {
			if (this.open && this.thread == null) {
				Thread thread = new Thread(KeepAliveThread::sleepUntilInterrupted, THREAD_NAME);
				thread.setDaemon(false);
				thread.start();
				this.thread = thread;
				logger.debug("Keeping the JVM alive until the context is closed: " + reason);
			}
		}
		finally {
			this.lock.unlock();
		}
	}

	private void stop() {
		this.lock.lock();
		try {
			this.open = false;
			if (this.thread != null) {
				this.thread.interrupt();
				this.thread = null;
			}
		}
		finally {
			this.lock.unlock();
		}
	}

	/** @return whether the keep-alive thread runs now */
	public boolean isAlive() {
		this.lock.lock();
		try {
			return this.thread != null && this.thread.isAlive();
		}
		finally {
			this.lock.unlock();
		}
	}

	private static void sleepUntilInterrupted() {
		while (true) {
			try {
				Thread.sleep(Long.MAX_VALUE);
			}
			catch (InterruptedException ex) {
				return;
			}
		}
	}

}
