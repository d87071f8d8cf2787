package io.github.vtstarter.autoconfigure;

/**
 * Recognises Spring Framework 6.1+'s {@code VirtualThreadTaskExecutor}, which Boot 3.2+ gives the executors it puts
 * on virtual threads itself (Undertow's deployment, RabbitMQ's listener containers). By class name, because this
 * module compiles against Framework 6.0, where the class does not exist; an exact name, because a subclass is the
 * application's, not Boot's.
 */
public final class SpringVirtualThreadTaskExecutors {

	/** The class's name. */
	public static final String CLASS_NAME = "org.springframework.core.task.VirtualThreadTaskExecutor";

	private SpringVirtualThreadTaskExecutors() {
	}

	/**
	 * Whether an executor is exactly Spring's {@code VirtualThreadTaskExecutor}.
	 * @param executor the executor, or {@code null}
	 * @return {@code true} for an instance of that class itself
	 */
	public static boolean isOne(Object executor) {
		return executor != null && executor.getClass().getName().equals(CLASS_NAME);
	}

}
