package io.github.vtstarter.autoconfigure.actuate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;

import io.github.vtstarter.dump.VirtualThreadDump;
import io.github.vtstarter.threads.VirtualThreads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import org.springframework.boot.json.JsonParserFactory;

/**
 * What {@code /actuator/virtualthreads/dump} costs with many live virtual threads (each parked a few frames
 * deep, as a request waiting on I/O is): time to dump, JSON size, heap used by the parsed document. Prints
 * figures, asserts nothing; disabled unless asked for:
 * <pre>
 * mvn -pl vt-starter-autoconfigure test -Dtest=ThreadDumpSizeMeasurement -Dvt.dump.measure=true -Dtest.jvm=$J21
 * </pre>
 */
@EnabledIfSystemProperty(named = "vt.dump.measure", matches = "true")
class ThreadDumpSizeMeasurement {

	@Test
	void measure() throws Exception {
		for (int count : new int[] { 1_000, 10_000 }) {
			CountDownLatch release = new CountDownLatch(1);
			CountDownLatch parked = new CountDownLatch(count);
			List<Thread> threads = new ArrayList<>();
			ThreadFactory factory = VirtualThreads.namedFactory("parked-");
			for (int i = 0; i < count; i++) {
				Thread thread = factory.newThread(() -> deep(5, parked, release));
				thread.start();
				threads.add(thread);
			}
			parked.await();
			System.gc();
			Runtime runtime = Runtime.getRuntime();
			long heapBefore = runtime.totalMemory() - runtime.freeMemory();
			long start = System.nanoTime();
			String json = VirtualThreadDump.json();
			long dumped = System.nanoTime();
			Map<String, Object> parsed = JsonParserFactory.getJsonParser().parseMap(json);
			long done = System.nanoTime();
			long heapAfter = runtime.totalMemory() - runtime.freeMemory();
			System.out.printf("%d parked virtual threads: dump %.0f ms, parse %.0f ms, JSON %.1f MB, heap +%.0f MB "
					+ "(JSON string and parsed map, before GC)%n", count, (dumped - start) / 1e6, (done - dumped) / 1e6,
					json.length() / 1e6, (heapAfter - heapBefore) / 1e6);
			parsed.size();
			release.countDown();
			for (Thread thread : threads) {
				thread.join();
			}
		}
	}

	private static void deep(int depth, CountDownLatch parked, CountDownLatch release) {
		if (depth > 0) {
			deep(depth - 1, parked, release);
			return;
		}
		parked.countDown();
		try {
			release.await();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
