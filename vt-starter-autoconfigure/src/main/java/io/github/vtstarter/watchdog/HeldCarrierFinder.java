package io.github.vtstarter.watchdog;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import io.github.vtstarter.dump.VirtualThreadDump;

/**
 * The virtual threads that hold a carrier now, from the JDK's JSON thread dump (the only JDK API that lists
 * virtual threads): all their ids, and the first threads with their stacks.
 * <ul>
 * <li>JDK 24+ writes, for each virtual thread, {@code "virtual": true} and, while it is mounted,
 * {@code "carrier"}: exact.</li>
 * <li>JDK 21-23 write neither. A virtual thread is told from a platform thread by its id (not among the platform
 * threads, read before and after the dump), and taken as mounted when its stack is not empty (a new or ended one
 * shows none), does not start at {@code VirtualThread.park}, {@code parkNanos} or {@code tryYield} (an unmounted
 * one: the continuation's own frames are hidden) and has no {@code Continuation.yield} frame (shown with
 * {@code -XX:+ShowHiddenFrames}). A thread pinned in {@code Object.wait()}, in {@code sleep} or {@code park} inside
 * {@code synchronized} ({@code VirtualThread.parkOnCarrierThread}), or running, shows.</li>
 * </ul>
 * At most {@link #MAX_THREADS} stacks of {@link #MAX_FRAMES} frames each are kept, so that the log line stays
 * readable with hundreds of carriers.
 */
public final class HeldCarrierFinder implements Supplier<HeldCarriers> {

	/** At most this many stacks are kept. */
	public static final int MAX_THREADS = 20;

	static final int MAX_FRAMES = 30;

	// A dump larger than this (some 40,000 threads) is not read: no evidence rather than a heap spike.
	static final long MAX_DUMP_BYTES = 64L * 1024 * 1024;

	private final Supplier<Set<String>> platformThreadIds;

	public HeldCarrierFinder() {
		this(HeldCarrierFinder::platformThreadIds);
	}

	HeldCarrierFinder(Supplier<Set<String>> platformThreadIds) {
		this.platformThreadIds = platformThreadIds;
	}

	@Override
	public HeldCarriers get() {
		if (!VirtualThreadDump.isSupported()) {
			throw new IllegalStateException("this JVM cannot dump its virtual threads "
					+ "(no HotSpotDiagnosticMXBean.dumpThreads with the JSON format)");
		}
		Set<String> platformIds = new HashSet<>(this.platformThreadIds.get());
		Map<String, Object> dump = VirtualThreadDump.parse(VirtualThreadDump.json(MAX_DUMP_BYTES));
		// JDK 21-23 tell a virtual thread by its id only: a platform thread started while the dump was written (a
		// carrier the pool adds to compensate, just when carriers grow) is not among the ids read before it.
		platformIds.addAll(this.platformThreadIds.get());
		Set<String> mounted = new HashSet<>();
		List<ThreadStack> held = new ArrayList<>();
		for (Map<String, Object> thread : VirtualThreadDump.threads(dump)) {
			String tid = String.valueOf(thread.get("tid"));
			String name = String.valueOf(thread.get("name"));
			List<String> frames = frames(thread.get("stack"));
			if (name.startsWith(SchedulerWatchdog.PROBE_NAME) || !isVirtual(thread, tid, platformIds)
					|| !mounted(thread, frames)) {
				continue;
			}
			mounted.add(tid);
			if (held.size() < MAX_THREADS) {
				held.add(new ThreadStack(name, tid, frames.subList(0, Math.min(frames.size(), MAX_FRAMES))));
			}
		}
		return new HeldCarriers(mounted, held);
	}

	private static boolean isVirtual(Map<String, Object> thread, String tid, Set<String> platformIds) {
		Object virtual = thread.get("virtual");
		if (virtual != null) {
			return Boolean.parseBoolean(String.valueOf(virtual));
		}
		return !platformIds.contains(tid);
	}

	private static boolean mounted(Map<String, Object> thread, List<String> frames) {
		if (thread.containsKey("virtual")) {
			return thread.get("carrier") != null;
		}
		if (frames.isEmpty() || isUnmountedAt(frames.get(0))) {
			return false;
		}
		for (String frame : frames) {
			if (frame.contains("jdk.internal.vm.Continuation.yield")) {
				return false;
			}
		}
		return true;
	}

	// JDK 21-23 hide the continuation's frames (Continuation.yield is @Hidden): a virtual thread that parked or
	// yielded and left its carrier shows VirtualThread.park, parkNanos or tryYield on top. One pinned while parking
	// shows the carrier's park (Unsafe.park, then VirtualThread.parkOnCarrierThread) above them instead.
	private static boolean isUnmountedAt(String topFrame) {
		return topFrame.contains("java.lang.VirtualThread.park(")
				|| topFrame.contains("java.lang.VirtualThread.parkNanos(")
				|| topFrame.contains("java.lang.VirtualThread.tryYield(");
	}

	private static List<String> frames(Object stack) {
		List<String> frames = new ArrayList<>();
		if (stack instanceof List<?> list) {
			for (Object frame : list) {
				frames.add(String.valueOf(frame));
			}
		}
		return frames;
	}

	// The ids of the JVM's platform threads now.
	static Set<String> platformThreadIds() {
		Set<String> ids = new HashSet<>();
		for (long id : ManagementFactory.getThreadMXBean().getAllThreadIds()) {
			ids.add(Long.toString(id));
		}
		return ids;
	}

}
