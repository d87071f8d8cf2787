package io.github.vtstarter.watchdog;

import java.lang.management.ManagementFactory;
import java.lang.management.PlatformManagedObject;
import java.lang.reflect.Method;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * What can be known about the JDK's virtual-thread scheduler (the ForkJoinPool of carrier threads).
 * <p>
 * JDK 24+ has {@code jdk.management.VirtualThreadSchedulerMXBean}: parallelism, pool size, and the number of
 * virtual threads mounted on a carrier or queued for one (a parked thread is neither). On JDK 21-23 there is no
 * such bean; what is known then is the configuration in effect, from the {@code jdk.virtualThreadScheduler.*}
 * system properties and their documented defaults. Reached by reflection: the starter is compiled for Java 17.
 */
public final class SchedulerInfo {

	private static final String MX_BEAN = "jdk.management.VirtualThreadSchedulerMXBean";

	private SchedulerInfo() {
	}

	/**
	 * The scheduler as the JDK describes it.
	 * @return its settings and, on JDK 24+, its live counts
	 */
	public static Map<String, Object> describe() {
		Map<String, Object> scheduler = fromMXBean();
		return (scheduler != null) ? scheduler : fromSystemProperties();
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> fromMXBean() {
		try {
			Class<? extends PlatformManagedObject> type = (Class<? extends PlatformManagedObject>) Class
				.forName(MX_BEAN);
			Object bean = ManagementFactory.getPlatformMXBean(type);
			Map<String, Object> scheduler = new LinkedHashMap<>();
			scheduler.put("source", MX_BEAN);
			scheduler.put("parallelism", call(type, bean, "getParallelism"));
			scheduler.put("poolSize", call(type, bean, "getPoolSize"));
			scheduler.put("mounted", call(type, bean, "getMountedVirtualThreadCount"));
			scheduler.put("queued", call(type, bean, "getQueuedVirtualThreadCount"));
			return scheduler;
		}
		catch (ReflectiveOperationException | RuntimeException | LinkageError ex) {
			return null;
		}
	}

	private static Object call(Class<?> type, Object bean, String method) throws ReflectiveOperationException {
		Method getter = type.getMethod(method);
		return getter.invoke(bean);
	}

	private static Map<String, Object> fromSystemProperties() {
		return fromProperties(System.getProperties(), Runtime.getRuntime().availableProcessors());
	}

	/**
	 * The configuration in effect on JDK 21-23, from the scheduler's system properties and the JDK's defaults.
	 * @param properties the system properties
	 * @param cores the processors available to the JVM
	 * @return each setting with its value and what set it
	 */
	static Map<String, Object> fromProperties(Properties properties, int cores) {
		Map<String, Object> scheduler = new LinkedHashMap<>();
		scheduler.put("source", "system properties (no VirtualThreadSchedulerMXBean before JDK 24)");
		int parallelism = intProperty(properties, "jdk.virtualThreadScheduler.parallelism", cores);
		// The JDK's defaults, from java.lang.VirtualThread.createDefaultScheduler (JDK 21).
		scheduler.put("parallelism", setting(properties, "jdk.virtualThreadScheduler.parallelism", parallelism));
		scheduler.put("maxPoolSize",
				setting(properties, "jdk.virtualThreadScheduler.maxPoolSize", Math.max(parallelism, 256)));
		scheduler.put("minRunnable",
				setting(properties, "jdk.virtualThreadScheduler.minRunnable", Math.max(parallelism / 2, 1)));
		return scheduler;
	}

	private static Map<String, Object> setting(Properties properties, String property, int defaultValue) {
		Map<String, Object> setting = new LinkedHashMap<>();
		String text = properties.getProperty(property);
		setting.put("value", intProperty(properties, property, defaultValue));
		setting.put("setBy", (text != null) ? "-D" + property : "JDK default");
		return setting;
	}

	// A value that is not a number shows the default: the describing never fails.
	private static int intProperty(Properties properties, String property, int defaultValue) {
		String text = properties.getProperty(property);
		if (text == null) {
			return defaultValue;
		}
		try {
			return Integer.parseInt(text.trim());
		}
		catch (NumberFormatException ex) {
			return defaultValue;
		}
	}

}
