package io.github.vtstarter.dump;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.sun.management.HotSpotDiagnosticMXBean;

import org.springframework.boot.json.JsonParserFactory;

/**
 * A thread dump that includes virtual threads, in the JDK's JSON format, from
 * {@code HotSpotDiagnosticMXBean.dumpThreads(file, ThreadDumpFormat.JSON)} (Java 21+, reached by reflection
 * because the starter is compiled for Java 17). {@code ThreadMXBean}, behind Boot's {@code /actuator/threaddump},
 * never sees virtual threads.
 * <p>
 * The JDK only writes the dump to a new file; it goes to a fresh private temporary directory and both are
 * deleted before the dump is returned, whatever happens. The endpoint's {@code /dump} and the watchdog's evidence
 * read it.
 * <p>
 * The document: {@code {"threadDump": {"threadContainers": [{"threads": [{"tid", "name", "stack": [...]}, ...]}]}}};
 * JDK 24+ adds {@code "virtual": true} and, for a mounted virtual thread, {@code "carrier"}.
 */
public final class VirtualThreadDump {

	private VirtualThreadDump() {
	}

	/**
	 * Whether this runtime can write such a dump.
	 * @return {@code true} on Java 21+ HotSpot
	 */
	public static boolean isSupported() {
		return dumpThreadsMethod() != null;
	}

	/**
	 * Dumps all threads, virtual ones included.
	 * @return the JDK's JSON document
	 * @throws IllegalStateException when the runtime cannot dump or the dump fails
	 */
	public static String json() {
		return json(Long.MAX_VALUE);
	}

	/**
	 * Dumps all threads, virtual ones included, unless the dump is larger than a limit.
	 * @param maxBytes the largest dump read into memory
	 * @return the JDK's JSON document
	 * @throws DumpTooLargeException when the dump is larger than {@code maxBytes} (it is not read)
	 * @throws IllegalStateException when the runtime cannot dump or the dump fails
	 */
	public static String json(long maxBytes) {
		Method dumpThreads = dumpThreadsMethod();
		if (dumpThreads == null) {
			throw new IllegalStateException("A thread dump with virtual threads needs Java 21 or later; this is Java "
					+ Runtime.version().feature());
		}
		Path directory = null;
		Path file = null;
		try {
			directory = Files.createTempDirectory("vtstarter-dump");
			file = directory.resolve("threads.json");
			HotSpotDiagnosticMXBean bean = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
			dumpThreads.invoke(bean, file.toAbsolutePath().toString(), jsonFormat(dumpThreads));
			long size = Files.size(file);
			if (size > maxBytes) {
				throw new DumpTooLargeException(size, maxBytes);
			}
			return Files.readString(file, StandardCharsets.UTF_8);
		}
		catch (InvocationTargetException ex) {
			throw new IllegalStateException("The thread dump failed: " + ex.getTargetException(), ex.getTargetException());
		}
		catch (IOException | ReflectiveOperationException ex) {
			throw new IllegalStateException("The thread dump failed: " + ex, ex);
		}
		finally {
			deleteQuietly(file);
			deleteQuietly(directory);
		}
	}

	/**
	 * Reads a dump into maps and lists (Boot's JSON parser: Jackson, Gson or its own, whichever is present).
	 * @param json the JDK's JSON document
	 * @return the document
	 */
	public static Map<String, Object> parse(String json) {
		return JsonParserFactory.getJsonParser().parseMap(json);
	}

	/**
	 * The threads of a parsed dump, from every container, in the dump's order.
	 * @param dump the parsed document
	 * @return each thread's map ({@code tid}, {@code name}, {@code stack}, ...)
	 */
	@SuppressWarnings("unchecked")
	public static List<Map<String, Object>> threads(Map<String, Object> dump) {
		List<Map<String, Object>> threads = new ArrayList<>();
		for (Map<String, Object> container : containers(dump)) {
			if (container.get("threads") instanceof List<?> items) {
				for (Object item : items) {
					if (item instanceof Map<?, ?> thread) {
						threads.add((Map<String, Object>) thread);
					}
				}
			}
		}
		return threads;
	}

	/**
	 * Keeps the first threads across all containers of a parsed dump and, when some were left out, says how many
	 * there were under {@code threadDump.truncated}.
	 * @param dump the parsed document, changed in place
	 * @param maxThreads how many threads to keep
	 * @param limitName what the reader sets to see more (named in {@code truncated})
	 */
	@SuppressWarnings("unchecked")
	public static void limitThreads(Map<String, Object> dump, int maxThreads, String limitName) {
		int shown = 0;
		int total = 0;
		for (Map<String, Object> container : containers(dump)) {
			if (container.get("threads") instanceof List<?> threads) {
				total += threads.size();
				int keep = Math.max(0, Math.min(threads.size(), maxThreads - shown));
				if (keep < threads.size()) {
					container.put("threads", new ArrayList<>(threads.subList(0, keep)));
				}
				shown += keep;
			}
		}
		if (shown < total && dump.get("threadDump") instanceof Map<?, ?> threadDump) {
			((Map<String, Object>) threadDump).put("truncated",
					Map.of("threadsShown", shown, "threadsTotal", total, "limit", limitName + "=" + maxThreads));
		}
	}

	@SuppressWarnings("unchecked")
	private static List<Map<String, Object>> containers(Map<String, Object> dump) {
		List<Map<String, Object>> containers = new ArrayList<>();
		if (dump.get("threadDump") instanceof Map<?, ?> threadDump
				&& threadDump.get("threadContainers") instanceof List<?> list) {
			for (Object container : list) {
				if (container instanceof Map<?, ?> map) {
					containers.add((Map<String, Object>) map);
				}
			}
		}
		return containers;
	}

	/** The dump was larger than the limit and was not read. */
	public static final class DumpTooLargeException extends IllegalStateException {

		private final long size;

		DumpTooLargeException(long size, long limit) {
			super("The thread dump is " + size + " bytes, above the limit of " + limit + " bytes");
			this.size = size;
		}

		/** @return the dump's size in bytes */
		public long getSize() {
			return this.size;
		}

	}

	private static Object jsonFormat(Method dumpThreads) {
		Class<?> formatType = dumpThreads.getParameterTypes()[1];
		for (Object constant : formatType.getEnumConstants()) {
			if (((Enum<?>) constant).name().equals("JSON")) {
				return constant;
			}
		}
		throw new IllegalStateException("No JSON thread dump format in " + formatType);
	}

	private static Method dumpThreadsMethod() {
		try {
			Class<?> formatType = Class.forName("com.sun.management.HotSpotDiagnosticMXBean$ThreadDumpFormat");
			return HotSpotDiagnosticMXBean.class.getMethod("dumpThreads", String.class, formatType);
		}
		catch (ReflectiveOperationException | LinkageError ex) {
			return null;
		}
	}

	private static void deleteQuietly(Path path) {
		if (path == null) {
			return;
		}
		try {
			Files.deleteIfExists(path);
		}
		catch (IOException ex) {
			path.toFile().deleteOnExit();
		}
	}

}
