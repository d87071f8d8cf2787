package io.github.vtstarter.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.jar.JarFile;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import io.github.vtstarter.archunit.VirtualThreadRules;

/**
 * Measures the rules over a large class path (issue 4, item 8): all classes of spring-core,
 * spring-context, spring-web and tomcat-embed-core, against ArchUnit's plain import of the same
 * classes. Prints figures; a measurement, not a test (issue 14 moved it out of the test tree). Run
 * it with the command in docs/benchmarks.md ("JVM-side measurements").
 */
public final class PinningRulesSpeed {

	private static final String[] MARKER_CLASSES = { "org.springframework.core.SpringVersion",
			"org.springframework.context.ApplicationContext", "org.springframework.web.client.RestTemplate",
			"org.apache.catalina.startup.Tomcat" };

	private static final int RUNS = 3;

	void measure() throws Exception {
		List<Location> jars = new ArrayList<>();
		for (String marker : MARKER_CLASSES) {
			jars.add(Location.of(new JarFile(jarOf(marker).toFile())));
		}
		System.out.printf(Locale.ROOT, "Java %s, %d processors%n", System.getProperty("java.version"),
				Runtime.getRuntime().availableProcessors());
		jars.forEach((jar) -> System.out.println("  " + jar.asURI()));
		// Wall time and this thread's CPU time: on a machine shared with other builds the CPU time is the
		// steadier figure, and the import and the rules both run on this thread.
		ThreadMXBean threads = ManagementFactory.getThreadMXBean();
		for (int run = 1; run <= RUNS; run++) {
			long start = System.nanoTime();
			long startCpu = threads.getCurrentThreadCpuTime();
			JavaClasses classes = new ClassFileImporter().importLocations(jars);
			long imported = System.nanoTime();
			long importedCpu = threads.getCurrentThreadCpuTime();
			EvaluationResult blocking = VirtualThreadRules.NO_BLOCKING_CALLS_WHILE_SYNCHRONIZED.evaluate(classes);
			long blockingDone = System.nanoTime();
			long blockingCpu = threads.getCurrentThreadCpuTime();
			EvaluationResult wait = VirtualThreadRules.NO_OBJECT_WAIT_WHILE_SYNCHRONIZED.evaluate(classes);
			long waitDone = System.nanoTime();
			System.out.printf(Locale.ROOT,
					"run %d: %d classes; ArchUnit import %d ms (CPU %d ms); NO_BLOCKING_CALLS_WHILE_SYNCHRONIZED %d ms "
							+ "(CPU %d ms, %.2fx the import's CPU; %d violations); NO_OBJECT_WAIT_WHILE_SYNCHRONIZED %d ms "
							+ "(%d violations)%n",
					run, classes.size(), millis(start, imported), millis(startCpu, importedCpu),
					millis(imported, blockingDone), millis(importedCpu, blockingCpu),
					(double) (blockingCpu - importedCpu) / (importedCpu - startCpu),
					blocking.getFailureReport().getDetails().size(), millis(blockingDone, waitDone),
					wait.getFailureReport().getDetails().size());
			if (run == RUNS) {
				blocking.getFailureReport().getDetails().stream().limit(5).forEach((line) -> System.out.println("  " + line));
			}
		}
		ArchRule shallow = VirtualThreadRules.noBlockingCallsWhileSynchronized().withMaxDepth(1);
		JavaClasses classes = new ClassFileImporter().importLocations(jars);
		long start = System.nanoTime();
		int count = shallow.evaluate(classes).getFailureReport().getDetails().size();
		System.out.printf(Locale.ROOT, "withMaxDepth(1): %d ms (%d violations)%n", millis(start, System.nanoTime()), count);
	}

	private static long millis(long from, long to) {
		return (to - from) / 1_000_000;
	}

	private static Path jarOf(String className) throws ClassNotFoundException, URISyntaxException {
		return Path.of(Class.forName(className).getProtectionDomain().getCodeSource().getLocation().toURI());
	}

	public static void main(String[] args) throws Exception {
		new PinningRulesSpeed().measure();
	}

}
