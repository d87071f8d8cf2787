package io.github.vtstarter.threads;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.ThreadFactory;

/**
 * The one place that touches the Java 21 virtual-thread API.
 * <p>
 * vt-starter is compiled for Java 17 so that its jars load, and step aside, on a Java 17 runtime.
 * Instead of a multi-release jar (Spring Framework 6.1's answer), the Java 21 API is reached by
 * reflection <em>once</em>, when a factory is built: {@code Thread.ofVirtual().name(prefix, 1).factory()}
 * hands back a plain {@link ThreadFactory}, a Java 17 type, and every thread after that is created
 * through an ordinary interface call. Nothing on a request path is reflective, the class files stay
 * at version 61 (readable by the ASM inside any Spring Framework 6.0 release), and IDEs and test
 * runners see a normal jar.
 */
public final class VirtualThreads {

	private static final MethodHandle IS_VIRTUAL = lookupIsVirtual();

	private VirtualThreads() {
	}

	/**
	 * Whether this runtime can start virtual threads (Java 21 or later).
	 * @return {@code true} on Java 21+
	 */
	public static boolean isSupported() {
		return IS_VIRTUAL != null;
	}

	/**
	 * A thread factory for virtual threads named {@code prefix1}, {@code prefix2}, ... The factory is
	 * thread-safe (unlike a {@code Thread.Builder}).
	 * @param namePrefix the prefix of thread names, for example {@code task-}
	 * @return a factory of unstarted virtual threads
	 * @throws UnsupportedOperationException on a runtime older than Java 21
	 */
	public static ThreadFactory namedFactory(String namePrefix) {
		return namedFactory(namePrefix, 1);
	}

	/**
	 * A thread factory for virtual threads named {@code prefix<start>}, {@code prefix<start+1>}, ... Spring
	 * numbers the threads of its task executors from 1 ({@code task-1}) and those of its
	 * {@code VirtualThreadTaskExecutor} from 0, as Tomcat's {@code VirtualThreadExecutor} does
	 * ({@code tomcat-handler-0}, {@code jetty-0} on Boot 3.2+).
	 * @param namePrefix the prefix of thread names, for example {@code tomcat-handler-}
	 * @param start the number of the first thread
	 * @return a factory of unstarted virtual threads
	 * @throws UnsupportedOperationException on a runtime older than Java 21
	 */
	public static ThreadFactory namedFactory(String namePrefix, long start) {
		if (!isSupported()) {
			throw new UnsupportedOperationException(unsupportedMessage());
		}
		try {
			Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
			Class<?> builderType = Class.forName("java.lang.Thread$Builder");
			builder = builderType.getMethod("name", String.class, long.class).invoke(builder, namePrefix, start);
			return (ThreadFactory) builderType.getMethod("factory").invoke(builder);
		}
		catch (ReflectiveOperationException ex) {
			throw new IllegalStateException("Could not create a virtual thread factory on Java "
					+ Runtime.version().feature(), ex);
		}
	}

	/**
	 * Whether the given thread is a virtual thread; always {@code false} before Java 21.
	 * @param thread the thread to test
	 * @return {@code true} for a virtual thread
	 */
	public static boolean isVirtual(Thread thread) {
		if (IS_VIRTUAL == null) {
			return false;
		}
		try {
			return (boolean) IS_VIRTUAL.invokeExact(thread);
		}
		catch (Throwable ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * The sentence logged when the runtime cannot run virtual threads.
	 * @return a human-readable explanation
	 */
	public static String unsupportedMessage() {
		return "Virtual threads need Java 21 or later; this is Java " + Runtime.version().feature();
	}

	private static MethodHandle lookupIsVirtual() {
		if (Runtime.version().feature() < 21) {
			return null;
		}
		try {
			return MethodHandles.publicLookup()
				.findVirtual(Thread.class, "isVirtual", MethodType.methodType(boolean.class));
		}
		catch (ReflectiveOperationException ex) {
			return null;
		}
	}

}
