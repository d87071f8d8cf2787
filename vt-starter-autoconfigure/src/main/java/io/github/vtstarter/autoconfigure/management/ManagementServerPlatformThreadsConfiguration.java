package io.github.vtstarter.autoconfigure.management;

import io.github.vtstarter.autoconfigure.BooleanProperty;

import org.springframework.boot.actuate.autoconfigure.web.ManagementContextConfiguration;
import org.springframework.boot.actuate.autoconfigure.web.ManagementContextType;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * In the management child context (only when {@code management.server.port} gives the actuator its own server):
 * keeps that server on platform threads, see {@link ManagementServerPlatformThreads}. Switched off with
 * {@code vtstarter.management.platform-threads=false}.
 */
@ManagementContextConfiguration(value = ManagementContextType.CHILD, proxyBeanMethods = false)
@ConditionalOnProperty(name = ManagementServerPlatformThreadsConfiguration.ENABLED, matchIfMissing = true)
public class ManagementServerPlatformThreadsConfiguration {

	/** The switch. */
	public static final String ENABLED = "vtstarter.management.platform-threads";

	@Bean
	ManagementServerPlatformThreads vtStarterManagementServerPlatformThreads(Environment environment) {
		// Read as Boot reads booleans ("off" is off), and a typo fails the start naming the property.
		boolean enabled = !Boolean.FALSE.equals(BooleanProperty.read(environment, ENABLED));
		return new ManagementServerPlatformThreads(enabled);
	}

}
