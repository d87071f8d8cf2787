package io.github.vtstarter.autoconfigure.doctor;

import java.util.function.Function;

import io.github.vtstarter.autoconfigure.messaging.ListenerThreadChoices;
import io.github.vtstarter.autoconfigure.messaging.jms.JmsListenerThreadChoice;

import org.springframework.core.env.Environment;

/**
 * The properties the catalogue's {@code unless} reads: the value the application set or, for a switch of the
 * starter's own that the application left unset, what the starter chose in its place. Without it, ActiveMQ
 * Classic's entry ({@code unless=vtstarter.jms.virtual-threads.enabled=false}) warned on Java 21 to 23 although the
 * starter, by default, already kept {@code @JmsListener} consumers on platform threads there.
 * <p>
 * A choice is known only where the starter made one (spring-jms present, virtual threads on); anywhere else the
 * switch reads as unset, and the finding stands.
 */
final class UnlessProperties implements Function<String, String> {

	private final Environment environment;

	UnlessProperties(Environment environment) {
		this.environment = environment;
	}

	@Override
	public String apply(String name) {
		String value = this.environment.getProperty(name);
		if (value != null || !JmsListenerThreadChoice.PROPERTY.equals(name)) {
			return value;
		}
		Boolean virtualThreads = ListenerThreadChoices.virtualThreads(JmsListenerThreadChoice.KIND);
		return (virtualThreads != null) ? virtualThreads.toString() : null;
	}

}
