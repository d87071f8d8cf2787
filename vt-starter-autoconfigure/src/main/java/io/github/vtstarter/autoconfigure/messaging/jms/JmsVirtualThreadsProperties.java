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
	 * their consumers on virtual threads, named jms-N. Spring Boot never does this itself; only with virtual
	 * threads on (spring.threads.virtual.enabled), Java 21+.
	 */
	private boolean enabled = true;

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

}
