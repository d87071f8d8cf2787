package io.github.vtstarter.sample.drain;

/**
 * What a drain case drains: {@link #fill()} puts the backlog in place (on a queue or topic, or nowhere when the work
 * is submitted as it starts), {@link #startConsumers()} starts what drains it (listener containers, pollers, tasks).
 * Each case's configuration defines one, under its profile.
 */
public interface Backlog {

	/** Puts the backlog in place; returns once it is all there. */
	void fill() throws Exception;

	/** Starts the consumers (created stopped), or hands the work over. */
	void startConsumers() throws Exception;

}
