package io.github.vtstarter.watchdog;

import java.util.Map;

/**
 * The CPU time each carrier thread has used so far, at one moment, from {@code ThreadMXBean.getThreadCpuTime}: two
 * of these tell how much CPU the carriers got in between. A carrier held by the same virtual thread across two
 * thread dumps is a stall only if that thread was blocked (the carrier got next to no CPU: pinned in a wait) or
 * really ran (the carrier got the CPU: code that never yields). A carrier that got a fraction of a CPU was ready
 * to run and waited for the operating system, which gave the CPU to other threads or processes: the machine is
 * overloaded, the scheduler is not stuck.
 *
 * @param nanos each carrier's CPU time so far, in nanoseconds, by thread id; empty when unknown
 */
public record CarrierCpuTimes(Map<Long, Long> nanos) {

	/** Thread CPU time is not measured on this JVM (or was turned off): nothing is known. */
	public static final CarrierCpuTimes UNKNOWN = new CarrierCpuTimes(Map.of());

	public CarrierCpuTimes {
		nanos = Map.copyOf(nanos);
	}

	/** @return whether anything is known */
	public boolean known() {
		return !this.nanos.isEmpty();
	}

}
