import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordingStream;

/**
 * What Flight Recorder itself costs in memory, apart from any application: in a bare JVM, the live heap, metaspace
 * and class space after a full GC with no recording, with a recording of the two events the pinning monitor enables,
 * and with a RecordingStream set up as the monitor sets up its own ({@code JfrPinningEventSource}). Each variant runs
 * in a fresh JVM, several times; the figures are what the monitor cannot give back while it uses JFR.
 *
 * <pre>
 * javac --release 21 -d /tmp/jfr-footprint sample-app/bench/JfrFootprint.java
 * java -cp /tmp/jfr-footprint JfrFootprint [runs]
 * </pre>
 *
 * Compiled first, not run from source: the source launcher would load the compiler into every JVM measured.
 */
public class JfrFootprint {

	private static final String[] VARIANTS = { "none", "recording", "stream" };

	public static void main(String[] args) throws Exception {
		if (args.length == 2 && args[0].equals("--variant")) {
			System.out.println(measure(args[1]));
			return;
		}
		int runs = (args.length > 0) ? Integer.parseInt(args[0]) : 5;
		String java = ProcessHandle.current().info().command().orElse("java");
		String classPath = System.getProperty("java.class.path");
		System.out.println("java.version " + System.getProperty("java.version") + ", " + runs + " runs a variant");
		System.out.println("variant    heap MiB  metaspace MiB  class space MiB  total MiB  more than none (medians)");
		double none = 0;
		for (String variant : VARIANTS) {
			List<double[]> results = new ArrayList<>();
			for (int i = 0; i < runs; i++) {
				Process process = new ProcessBuilder(java, "-cp", classPath, JfrFootprint.class.getName(),
						"--variant", variant)
					.redirectErrorStream(true)
					.start();
				String out = new String(process.getInputStream().readAllBytes()).trim();
				if (process.waitFor() != 0) {
					throw new IllegalStateException(variant + ": " + out);
				}
				String[] fields = out.split(" ");
				results.add(new double[] { Double.parseDouble(fields[0]), Double.parseDouble(fields[1]),
						Double.parseDouble(fields[2]) });
			}
			double heap = median(results, 0);
			double meta = median(results, 1);
			double klass = median(results, 2);
			double total = heap + meta + klass;
			none = variant.equals("none") ? total : none;
			System.out.printf(Locale.ROOT, "%-10s %8.2f %14.2f %16.2f %10.2f %+16.2f%n", variant, heap, meta, klass,
					total, total - none);
		}
	}

	private static String measure(String variant) throws Exception {
		if (variant.equals("recording")) {
			Recording recording = new Recording();
			recording.enable("jdk.VirtualThreadPinned").withThreshold(Duration.ofMillis(20)).withStackTrace();
			recording.enable("jdk.VirtualThreadSubmitFailed").withStackTrace();
			recording.setMaxAge(Duration.ofMinutes(10));
			recording.start();
		}
		else if (variant.equals("stream")) {
			RecordingStream stream = new RecordingStream();
			stream.enable("jdk.VirtualThreadPinned").withThreshold(Duration.ofMillis(20)).withStackTrace();
			stream.enable("jdk.VirtualThreadSubmitFailed").withStackTrace();
			stream.setMaxAge(Duration.ofMinutes(10));
			stream.setReuse(true);
			stream.setOrdered(false);
			stream.onEvent("jdk.VirtualThreadPinned", (event) -> event.getDuration());
			stream.onEvent("jdk.VirtualThreadSubmitFailed", (event) -> event.getStartTime());
			Thread consumer = new Thread(stream::start, "jfr-footprint");
			consumer.setDaemon(true);
			consumer.start();
		}
		// Long enough for the stream to read its first chunk's metadata (JFR flushes once a second).
		Thread.sleep(3000);
		System.gc();
		Thread.sleep(200);
		double heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() / 1048576.0;
		double meta = 0;
		double klass = 0;
		for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
			if (pool.getType() == MemoryType.NON_HEAP && pool.getName().equals("Metaspace")) {
				meta = pool.getUsage().getUsed() / 1048576.0;
			}
			if (pool.getType() == MemoryType.NON_HEAP && pool.getName().equals("Compressed Class Space")) {
				klass = pool.getUsage().getUsed() / 1048576.0;
			}
		}
		// The Metaspace pool includes class space: report the rest and class space apart, so that they add up.
		return String.format(Locale.ROOT, "%.3f %.3f %.3f", heap, meta - klass, klass);
	}

	private static double median(List<double[]> results, int index) {
		double[] values = results.stream().mapToDouble((r) -> r[index]).sorted().toArray();
		int n = values.length;
		return (n % 2 == 1) ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
	}

}
