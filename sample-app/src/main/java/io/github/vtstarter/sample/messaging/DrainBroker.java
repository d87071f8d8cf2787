package io.github.vtstarter.sample.messaging;

/** What the drain experiment needs from a broker: the backlog, then the listeners. */
public interface DrainBroker {

	/** Puts the backlog on the queue or topic; returns once the broker holds all of it. */
	void fill() throws Exception;

	/** Starts the listener containers (created with auto-startup off). */
	void startListeners();

}
