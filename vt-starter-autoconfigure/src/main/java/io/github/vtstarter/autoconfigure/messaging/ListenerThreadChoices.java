package io.github.vtstarter.autoconfigure.messaging;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.lang.Nullable;

/**
 * Which kind of thread the starter chose for a kind of message listener, and why, for {@code listeners} in
 * {@code /actuator/virtualthreads}: for example {@code "jms": {"virtualThreads": false, "reason": "..."}} when JMS
 * listeners stay on platform threads because their client pins on this Java.
 * <p>
 * As {@code degraded}, the record is per class loader (one application in all but test suites): a choice is made
 * by a post-processor while the context starts, and removed when that context closes, unless a later context has
 * recorded its own for the same kind since.
 */
public final class ListenerThreadChoices {

	private static final Map<String, Choice> choices = Collections.synchronizedMap(new LinkedHashMap<>());

	private ListenerThreadChoices() {
	}

	/**
	 * Records the choice for a kind of listener, replacing any earlier one.
	 * @param kind the kind, as the executor is named ({@code jms})
	 * @param virtualThreads whether its listeners run on virtual threads
	 * @param reason why
	 * @return a token for {@link #remove}
	 */
	public static Object record(String kind, boolean virtualThreads, String reason) {
		Choice choice = new Choice(virtualThreads, reason);
		choices.put(kind, choice);
		return choice;
	}

	/**
	 * Removes the choice recorded with this token, if no later one replaced it.
	 * @param kind the kind
	 * @param token what {@link #record} returned
	 */
	public static void remove(String kind, Object token) {
		choices.remove(kind, token);
	}

	/**
	 * The choice recorded for a kind of listener.
	 * @param kind the kind ({@code jms})
	 * @return whether its listeners run on virtual threads, or {@code null} when no choice is recorded (the
	 * starter does not handle that kind in this application)
	 */
	@Nullable
	public static Boolean virtualThreads(String kind) {
		Choice choice = choices.get(kind);
		return (choice != null) ? choice.virtualThreads() : null;
	}

	/**
	 * @return kind to {@code virtualThreads} and {@code reason}, in the order recorded
	 */
	public static Map<String, Map<String, Object>> all() {
		Map<String, Map<String, Object>> all = new LinkedHashMap<>();
		synchronized (choices) {
			choices.forEach((kind, choice) -> {
				Map<String, Object> item = new LinkedHashMap<>();
				item.put("virtualThreads", choice.virtualThreads());
				item.put("reason", choice.reason());
				all.put(kind, item);
			});
		}
		return all;
	}

	/** Compared by identity: two contexts' equal choices are still two records. */
	private static final class Choice {

		private final boolean virtualThreads;

		private final String reason;

		Choice(boolean virtualThreads, String reason) {
			this.virtualThreads = virtualThreads;
			this.reason = reason;
		}

		boolean virtualThreads() {
			return this.virtualThreads;
		}

		String reason() {
			return this.reason;
		}

	}

}
