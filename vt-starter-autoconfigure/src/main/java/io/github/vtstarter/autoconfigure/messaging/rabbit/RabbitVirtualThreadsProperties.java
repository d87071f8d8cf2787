package io.github.vtstarter.autoconfigure.messaging.rabbit;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of RabbitMQ listeners on virtual threads, under {@code vtstarter.rabbit.virtual-threads}: the Boot 3.1
 * backport only (from Boot 3.2 Boot decides, with {@code spring.threads.virtual.enabled}).
 */
@ConfigurationProperties(prefix = RabbitVirtualThreadsProperties.PREFIX)
public class RabbitVirtualThreadsProperties {

	/** The properties' prefix. */
	public static final String PREFIX = "vtstarter.rabbit.virtual-threads";

	/**
	 * Whether simple RabbitMQ listener containers (SimpleRabbitListenerContainerFactory without a task executor of
	 * its own) run their consumers on virtual threads, named rabbit-simple-N, on Boot 3.1. Not set: on Java 24+, and
	 * on Java 21-23 unless the container starts its consumers while holding a monitor they need (Spring AMQP 3.0,
	 * Boot 3.1's), where they stay on platform threads. true or false forces either way. Direct containers are not
	 * concerned.
	 */
	private Boolean enabled;

	public Boolean getEnabled() {
		return this.enabled;
	}

	public void setEnabled(Boolean enabled) {
		this.enabled = enabled;
	}

}
