package io.github.vtstarter.sample.alarms;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Endpoints of the alarm corpus ({@code sample-app/bench/run.sh --alarms}, docs/alarms.md): each puts the
 * virtual-thread scheduler in one situation the starter's watchdog must tell apart.
 * <ul>
 * <li>{@code GET /alarms/cpu?ms=50}: burns CPU on the request thread for {@code ms} of wall-clock time, without
 * blocking: at many connections, a long run queue whose work keeps completing (overload); with {@code ms} in
 * seconds and as many requests as carriers, every carrier held by CPU-bound code (starvation, on every JDK).</li>
 * <li>{@code GET /alarms/wait?ms=10000}: {@code Object.wait(ms)} inside {@code synchronized}, on a monitor of its
 * own. On JDK 21-23 the virtual thread keeps its carrier and the JDK adds a carrier to make up for it
 * (compensation); on JDK 24+ it unmounts.</li>
 * <li>{@code GET /alarms/alloc?mb=8}: allocates {@code mb} MB of short-lived arrays and keeps the last few
 * hundred alive a while, for a GC-heavy phase on a small heap.</li>
 * </ul>
 * Every duration is bounded ({@value #MAX_MS} ms), so that a typo cannot hold a carrier for hours.
 */
@RestController
@RequestMapping("/alarms")
public class AlarmController {

	static final long MAX_MS = 60_000;

	static final int MAX_MB = 64;

	// The allocation endpoint's survivors: a ring of arrays kept alive for a while, so that some objects are
	// promoted and the old generation is collected too (about RING * 64 KB, some 32 MB).
	private static final int RING = 512;

	private final byte[][] survivors = new byte[RING][];

	private final AtomicInteger next = new AtomicInteger();

	private static volatile long sink;

	@GetMapping("/cpu")
	public Map<String, Object> cpu(@RequestParam(defaultValue = "50") long ms) {
		long bounded = Math.max(0, Math.min(ms, MAX_MS));
		long deadline = System.nanoTime() + bounded * 1_000_000L;
		long x = ThreadLocalRandom.current().nextLong() | 1;
		long rounds = 0;
		while (System.nanoTime() - deadline < 0) {
			for (int i = 0; i < 1_000; i++) {
				x ^= x << 13;
				x ^= x >>> 7;
				x ^= x << 17;
			}
			rounds++;
		}
		sink = x;
		return Map.of("spunMs", bounded, "rounds", rounds, "thread", Thread.currentThread().toString());
	}

	@GetMapping("/wait")
	public Map<String, Object> waitOnMonitor(@RequestParam(defaultValue = "10000") long ms)
			throws InterruptedException {
		long bounded = Math.max(1, Math.min(ms, MAX_MS));
		Object monitor = new Object();
		long deadline = System.nanoTime() + bounded * 1_000_000L;
		synchronized (monitor) {
			long left;
			while ((left = deadline - System.nanoTime()) > 0) {
				monitor.wait(Math.max(1, left / 1_000_000L));
			}
		}
		return Map.of("waitedMs", bounded, "thread", Thread.currentThread().toString());
	}

	@GetMapping("/alloc")
	public Map<String, Object> alloc(@RequestParam(defaultValue = "8") int mb) {
		int bounded = Math.max(1, Math.min(mb, MAX_MB));
		List<byte[]> garbage = new ArrayList<>();
		long sum = 0;
		for (int i = 0; i < bounded * 16; i++) {
			byte[] chunk = new byte[64 * 1024];
			chunk[i % chunk.length] = (byte) i;
			garbage.add(chunk);
			if (garbage.size() > 32) {
				garbage.clear();
			}
			sum += chunk[0];
		}
		// One array in sixteen survives for a while, in the ring.
		this.survivors[Math.floorMod(this.next.getAndIncrement(), RING)] = new byte[64 * 1024];
		sink = sum;
		return Map.of("allocatedMb", bounded, "thread", Thread.currentThread().toString());
	}

}
