package io.github.vtstarter.autoconfigure.messaging.jms;

import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.junit.jupiter.api.Assumptions;

/**
 * An ActiveMQ Artemis broker in the test JVM, reached on {@code vm://0}, that outlives the application contexts
 * of a test class: a context can close in the middle of a message and the broker still tells whether the message
 * was acknowledged. Non-persistent, without security and JMX.
 */
final class EmbeddedArtemis {

	static final String URL = "vm://0";

	private final EmbeddedActiveMQ broker = new EmbeddedActiveMQ();

	static EmbeddedArtemis start() throws Exception {
		EmbeddedArtemis artemis = new EmbeddedArtemis();
		Configuration configuration = new ConfigurationImpl().setPersistenceEnabled(false)
			.setSecurityEnabled(false)
			.setJMXManagementEnabled(false)
			.addAcceptorConfiguration("in-vm", URL);
		try {
			artemis.broker.setConfiguration(configuration).start();
		}
		catch (Exception ex) {
			if (!(ex instanceof UnsupportedOperationException)) {
				throw ex;
			}
		}
		if (artemis.broker.getActiveMQServer() == null || !artemis.broker.getActiveMQServer().isActive()) {
			// Artemis's audit logger calls Subject.getSubject, which Java 24+ refuses ("getSubject is not
			// supported"); the broker then does not come up, with or without JMX.
			artemis.stop();
			Assumptions.abort("ActiveMQ Artemis does not start on Java " + Runtime.version().feature()
					+ " (Subject.getSubject is not supported); the JMS tests run on Java 21");
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
