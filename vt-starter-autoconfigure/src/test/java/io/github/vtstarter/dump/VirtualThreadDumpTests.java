package io.github.vtstarter.dump;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.vtstarter.dump.VirtualThreadDump.DumpTooLargeException;
import io.github.vtstarter.pinning.TestJdk;
import io.github.vtstarter.threads.VirtualThreads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@link VirtualThreadDump}: the JDK's JSON thread dump, virtual threads included (what {@code /actuator/
 * virtualthreads/dump} returns and the watchdog reads its evidence from), refused when it is larger than the limit,
 * and cut to a number of threads with a note that says how many there were and which setting shows more.
 */
class VirtualThreadDumpTests {

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void theDumpListsAVirtualThreadWithItsStack() throws Exception {
		assertThat(VirtualThreadDump.isSupported()).isTrue();
		CountDownLatch parked = new CountDownLatch(1);
		CountDownLatch release = new CountDownLatch(1);
		Thread thread = VirtualThreads.namedFactory("dumped-").newThread(() -> {
			parked.countDown();
			try {
				release.await();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		});
		thread.start();
		try {
			assertThat(parked.await(30, TimeUnit.SECONDS)).isTrue();
			List<Map<String, Object>> threads = VirtualThreadDump.threads(VirtualThreadDump.parse(VirtualThreadDump.json()));
			assertThat(threads).anySatisfy((dumped) -> {
				assertThat(dumped.get("name")).asString().startsWith("dumped-");
				assertThat(String.valueOf(dumped.get("tid"))).isEqualTo(Long.toString(thread.getId()));
			});
		}
		finally {
			release.countDown();
			thread.join(30_000);
		}
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void aDumpLargerThanTheLimitIsRefusedWithItsSize() {
		assertThatExceptionOfType(DumpTooLargeException.class).isThrownBy(() -> VirtualThreadDump.json(10))
			.satisfies((ex) -> {
				assertThat(ex.getSize()).isGreaterThan(10);
				assertThat(ex).hasMessage("The thread dump is " + ex.getSize() + " bytes, above the limit of 10 bytes");
			});
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void aDumpWithinTheLimitIsRead() {
		long size = VirtualThreadDump.json().getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
		// The JVM's threads change between two dumps; a limit well above the size still reads the dump.
		assertThat(VirtualThreadDump.json(size * 4)).contains("threadDump");
	}

	@Test
	@EnabledIf(TestJdk.NO_VIRTUAL_THREADS)
	void java17CannotDumpVirtualThreadsAndSaysSo() {
		assertThat(VirtualThreadDump.isSupported()).isFalse();
		assertThatExceptionOfType(IllegalStateException.class).isThrownBy(VirtualThreadDump::json)
			.withMessageContaining("needs Java 21 or later");
	}

	@Test
	void threadsAreReadFromEveryContainerInOrder() {
		Map<String, Object> dump = VirtualThreadDump.parse(dump(List.of(List.of("a", "b"), List.of(), List.of("c"))));
		assertThat(VirtualThreadDump.threads(dump)).extracting((thread) -> thread.get("name"))
			.containsExactly("a", "b", "c");
	}

	@Test
	void whatIsNotAThreadIsSkipped() {
		Map<String, Object> dump = VirtualThreadDump.parse("{\"threadDump\": {\"threadContainers\": [\"not a container\", "
				+ "{\"threads\": \"none\"}, {\"threads\": [1, {\"name\": \"a\"}]}]}}");
		assertThat(VirtualThreadDump.threads(dump)).extracting((thread) -> thread.get("name")).containsExactly("a");
		assertThat(VirtualThreadDump.threads(VirtualThreadDump.parse("{\"other\": 1}"))).isEmpty();
		assertThat(VirtualThreadDump.threads(VirtualThreadDump.parse("{\"threadDump\": {\"threadContainers\": 1}}")))
			.isEmpty();
	}

	@Test
	@SuppressWarnings("unchecked")
	void theFirstThreadsAcrossContainersAreKeptAndTheCutIsNoted() {
		Map<String, Object> dump = VirtualThreadDump.parse(dump(List.of(List.of("a", "b"), List.of("c", "d"), List.of("e"))));
		VirtualThreadDump.limitThreads(dump, 3, "vtstarter.dump.max-threads");
		assertThat(VirtualThreadDump.threads(dump)).extracting((thread) -> thread.get("name"))
			.containsExactly("a", "b", "c");
		assertThat((Map<String, Object>) ((Map<String, Object>) dump.get("threadDump")).get("truncated"))
			.containsEntry("threadsShown", 3)
			.containsEntry("threadsTotal", 5)
			.containsEntry("limit", "vtstarter.dump.max-threads=3");
	}

	@Test
	@SuppressWarnings("unchecked")
	void aDumpWithinTheLimitIsLeftWholeWithoutANote() {
		Map<String, Object> dump = VirtualThreadDump.parse(dump(List.of(List.of("a", "b"), List.of("c"))));
		VirtualThreadDump.limitThreads(dump, 3, "vtstarter.dump.max-threads");
		assertThat(VirtualThreadDump.threads(dump)).hasSize(3);
		assertThat((Map<String, Object>) dump.get("threadDump")).doesNotContainKey("truncated");
	}

	@Test
	@SuppressWarnings("unchecked")
	void aLimitOfZeroKeepsNoThreads() {
		Map<String, Object> dump = VirtualThreadDump.parse(dump(List.of(List.of("a"), List.of("b"))));
		VirtualThreadDump.limitThreads(dump, 0, "vtstarter.dump.max-threads");
		assertThat(VirtualThreadDump.threads(dump)).isEmpty();
		assertThat((Map<String, Object>) ((Map<String, Object>) dump.get("threadDump")).get("truncated"))
			.containsEntry("threadsShown", 0)
			.containsEntry("threadsTotal", 2);
	}

	private static String dump(List<List<String>> containers) {
		List<String> json = new ArrayList<>();
		for (List<String> names : containers) {
			List<String> threads = new ArrayList<>();
			for (String name : names) {
				threads.add("{\"tid\": \"1\", \"name\": \"" + name + "\", \"stack\": []}");
			}
			json.add("{\"container\": \"c\", \"threads\": [" + String.join(", ", threads) + "]}");
		}
		return "{\"threadDump\": {\"threadContainers\": [" + String.join(", ", json) + "]}}";
	}

}
