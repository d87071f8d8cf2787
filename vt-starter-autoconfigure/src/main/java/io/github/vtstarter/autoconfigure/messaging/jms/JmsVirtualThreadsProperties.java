package io.github.vtstarter.autoconfigure.messaging.jms;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of JMS listeners on virtual threads, under {@code vtstarter.jms.virtual-threads}.
 */
@ConfigurationProperties(prefix = JmsVirtualThreadsProperties.PREFIX)
public class JmsVirtualThreadsProperties {

	/** The properties' prefix. */
	public static final String PREFIX = "vtstarter.jms.virtual-threads";

	/**
	 * Whether JMS listener containers (DefaultJmsListenerContainerFactory without a task executor of its own) run
	 * their consumers on virtual threads, named jms-N. Not set: on Java 24+, and on Java 21-23 unless the JMS client
	 * waits inside synchronized (ActiveMQ Artemis, ActiveMQ Classic), where they stay on platform threads. true or
	 * false forces either way. Spring Boot never does this itself; only with virtual threads on
	 * (spring.threads.virtual.enabled), Java 21+.
	 */
	private Boolean enabled;

	public Boolean getEnabled() {
		return this.enabled;
	}

	public void setEnabled(Boolean enabled) {
		this.enabled = enabled;
	}

}
