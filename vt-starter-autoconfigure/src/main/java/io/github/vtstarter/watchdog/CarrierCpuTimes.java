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
 * <p>
 * A runnable carrier that got little CPU waited for the operating system only if the machine had no CPU to spare:
 * on a machine with idle CPU, the operating system runs a runnable thread, so such a carrier was blocked in a call
 * the JVM counts as running (native code: a DNS lookup, a JNI library). The machine's busy and total CPU time
 * ({@code /proc/stat}, Linux) tell which; where they are unknown, a runnable carrier is taken as waiting for the
 * CPU.
 *
 * @param nanos each carrier's CPU time so far, in nanoseconds, by thread id; empty when unknown
 * @param runnable the ids of the carriers that were {@link Thread.State#RUNNABLE} then
 * @param machineBusy the machine's CPU time so far spent on anything but idling, in the operating system's ticks;
 * -1 when unknown
 * @param machineTotal the machine's CPU time so far, all of it, in the same ticks; -1 when unknown
 */
public record CarrierCpuTimes(Map<Long, Long> nanos, Set<Long> runnable, long machineBusy, long machineTotal) {

	/** Thread CPU time is not measured on this JVM (or was turned off): nothing is known. */
	public static final CarrierCpuTimes UNKNOWN = new CarrierCpuTimes(Map.of());

	public CarrierCpuTimes {
		nanos = Map.copyOf(nanos);
		runnable = Set.copyOf(runnable);
	}

	/**
	 * CPU times with the machine's unknown.
	 * @param nanos each carrier's CPU time so far, by thread id
	 * @param runnable the ids of the carriers that were runnable then
	 */
	public CarrierCpuTimes(Map<Long, Long> nanos, Set<Long> runnable) {
		this(nanos, runnable, -1, -1);
	}

	/**
	 * CPU times with no carrier known to be runnable.
	 * @param nanos each carrier's CPU time so far, by thread id
	 */
	public CarrierCpuTimes(Map<Long, Long> nanos) {
		this(nanos, Set.of());
	}

	/**
	 * How busy the whole machine's CPUs were between an earlier reading and this one.
	 * @param earlier the earlier reading
	 * @return the busy share in percent, or -1 when unknown
	 */
	public int machineBusyPercentSince(CarrierCpuTimes earlier) {
		long total = this.machineTotal - earlier.machineTotal;
		if (this.machineTotal < 0 || earlier.machineTotal < 0 || total <= 0) {
			return -1;
		}
		return (int) Math.min(100, Math.max(0, (this.machineBusy - earlier.machineBusy) * 100 / total));
	}

	/** @return whether anything is known */
	public boolean known() {
		return !this.nanos.isEmpty();
	}

}
