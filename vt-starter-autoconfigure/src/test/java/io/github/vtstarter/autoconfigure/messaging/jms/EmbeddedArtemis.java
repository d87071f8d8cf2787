package io.github.vtstarter.autoconfigure.messaging.jms;

import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;

import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggingSystem;

/**
 * An ActiveMQ Artemis broker in the test JVM, reached on {@code vm://0}, that outlives the application contexts
 * of a test class: a context can close in the middle of a message and the broker still tells whether the message
 * was acknowledged. Non-persistent, without security and JMX. The Artemis Boot manages (2.28 on Boot 3.1, 2.40 on
 * 3.5) is used, on every Java from 21.
 * <p>
 * Java 24+: Artemis's audit loggers ({@code org.apache.activemq.audit.*}), when enabled at INFO, ask
 * {@code Subject.getSubject} for the caller, which Java 24+ refuses ({@code UnsupportedOperationException:
 * getSubject is not supported}); the server's own management control asks while the broker starts, with or without
 * JMX, and the broker fails. With those loggers off (as in Artemis's own distribution) it starts, so they are
 * switched off here; an application embedding Artemis on Java 24+ does the same with
 * {@code logging.level.org.apache.activemq.audit=off}.
 */
final class EmbeddedArtemis {

	static final String URL = "vm://0";

	static final String AUDIT_LOGGERS = "org.apache.activemq.audit";

	private final EmbeddedActiveMQ broker = new EmbeddedActiveMQ();

	static EmbeddedArtemis start() throws Exception {
		LoggingSystem.get(EmbeddedArtemis.class.getClassLoader()).setLogLevel(AUDIT_LOGGERS, LogLevel.OFF);
		EmbeddedArtemis artemis = new EmbeddedArtemis();
		Configuration configuration = new ConfigurationImpl().setPersistenceEnabled(false)
			.setSecurityEnabled(false)
			.setJMXManagementEnabled(false)
			.addAcceptorConfiguration("in-vm", URL);
		artemis.broker.setConfiguration(configuration).start();
		if (artemis.broker.getActiveMQServer() == null || !artemis.broker.getActiveMQServer().isActive()) {
			artemis.stop();
			throw new IllegalStateException("the embedded ActiveMQ Artemis broker did not start on Java "
					+ Runtime.version().feature() + " (its log above says why)");
		}
		return artemis;
	}

	/** @return messages in the queue, including those delivered to a consumer and not acknowledged yet */
	long messageCount(String queue) {
		Queue found = this.broker.getActiveMQServer().locateQueue(SimpleString.toSimpleString(queue));
		return (found != null) ? found.getMessageCount() : 0;
	}

	/** @return messages delivered to a consumer and not acknowledged yet */
	long deliveringCount(String queue) {
		Queue found = this.broker.getActiveMQServer().locateQueue(SimpleString.toSimpleString(queue));
		return (found != null) ? found.getDeliveringCount() : 0;
	}

	void stop() throws Exception {
		try {
			this.broker.stop();
		}
		catch (RuntimeException ex) {
			// stopping a broker that never came up
		}
	}

}
