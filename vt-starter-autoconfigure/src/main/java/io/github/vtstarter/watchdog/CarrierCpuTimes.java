package io.github.vtstarter.watchdog;

import java.util.Map;
import java.util.Set;

/**
 * The CPU time each carrier thread has used so far, at one moment, from {@code ThreadMXBean.getThreadCpuTime}: two
 * of these tell how much CPU the carriers got in between. A carrier held by the same virtual thread across two
 * thread dumps is a stall only if that thread was blocked (the carrier got next to no CPU: pinned in a wait) or
 * really ran (the carrier got the CPU: code that never yields). A carrier that got a fraction of a CPU was ready
 * to run and waited for the operating system, which gave the CPU to other threads or processes: the machine is
 * overloaded, the scheduler is not stuck.
 *
 * <p>
 * A carrier that got next to no CPU is blocked only if it is not {@link Thread.State#RUNNABLE}: a carrier whose
 * virtual thread is pinned in a wait is {@code WAITING} or {@code TIMED_WAITING} (JDK 21 and 25 alike); one that is
 * {@code RUNNABLE} and got no CPU was ready to run and the operating system ran other threads or processes.
 *
 * @param nanos each carrier's CPU time so far, in nanoseconds, by thread id; empty when unknown
 * @param runnable the ids of the carriers that were {@link Thread.State#RUNNABLE} then
 */
public record CarrierCpuTimes(Map<Long, Long> nanos, Set<Long> runnable) {

	/** Thread CPU time is not measured on this JVM (or was turned off): nothing is known. */
	public static final CarrierCpuTimes UNKNOWN = new CarrierCpuTimes(Map.of());

	public CarrierCpuTimes {
		nanos = Map.copyOf(nanos);
		runnable = Set.copyOf(runnable);
	}

	/**
	 * CPU times with no carrier known to be runnable.
	 * @param nanos each carrier's CPU time so far, by thread id
	 */
	public CarrierCpuTimes(Map<Long, Long> nanos) {
		this(nanos, Set.of());
	}

	/** @return whether anything is known */
	public boolean known() {
		return !this.nanos.isEmpty();
	}

}
