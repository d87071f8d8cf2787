package io.github.vtstarter.watchdog;

import java.util.List;
import java.util.Set;

/**
 * The virtual threads mounted on a carrier at one moment, from one thread dump. Two of these tell whether the
 * scheduler made progress in between: a carrier that ran anything else shows another thread.
 *
 * @param mounted the ids of every mounted virtual thread (at most the carrier pool's size)
 * @param threads the first of them with their stacks, for the log and the endpoint
 */
public record HeldCarriers(Set<String> mounted, List<ThreadStack> threads) {

	/** No dump could be taken or read: nothing is known. */
	public static final HeldCarriers UNKNOWN = new HeldCarriers(Set.of(), List.of());

	public HeldCarriers {
		mounted = Set.copyOf(mounted);
		threads = List.copyOf(threads);
	}

	/**
	 * Whether the same virtual threads hold the carriers in both: none of them let go of its carrier for another
	 * to run, as far as two instants can tell. Nothing is known of an empty set (no dump, or no thread seen
	 * mounted), so an empty set is never the same as anything.
	 * @param other an earlier snapshot
	 * @return whether both name the same, non-empty set of threads
	 */
	public boolean sameHoldersAs(HeldCarriers other) {
		return !this.mounted.isEmpty() && this.mounted.equals(other.mounted);
	}

}
