package io.github.vtstarter.autoconfigure.keepalive;

import org.springframework.beans.BeansException;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationContextAware;
import org.springframework.context.ApplicationListener;
import org.springframework.context.event.ApplicationContextEvent;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.ContextRefreshedEvent;

/**
 * A non-daemon platform thread named {@code keep-alive} that lives from the refresh of its application
 * context to its close, as Boot 3.2's {@code spring.main.keep-alive} thread does. Events of parent or child
 * contexts are ignored.
 */
public class KeepAliveThread implements ApplicationListener<ApplicationContextEvent>, ApplicationContextAware {

	/** The thread's name, as in Boot 3.2. */
	public static final String THREAD_NAME = "keep-alive";

	private ApplicationContext context;

	private volatile Thread thread;

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
			start();
		}
		else if (event instanceof ContextClosedEvent) {
			stop();
		}
	}

	private synchronized void start() {
		if (this.thread == null) {
			Thread thread = new Thread(KeepAliveThread::sleepUntilInterrupted, THREAD_NAME);
			thread.setDaemon(false);
			thread.start();
			this.thread = thread;
		}
	}

	private synchronized void stop() {
		Thread thread = this.thread;
		if (thread != null) {
			thread.interrupt();
			this.thread = null;
		}
	}

	/** @return whether the keep-alive thread runs now */
	public boolean isAlive() {
		Thread thread = this.thread;
		return thread != null && thread.isAlive();
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
