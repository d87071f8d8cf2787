package io.github.vtstarter.autoconfigure.management;

import org.springframework.boot.actuate.autoconfigure.web.ManagementContextConfiguration;
import org.springframework.boot.actuate.autoconfigure.web.ManagementContextType;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;

/**
 * In the management child context (only when {@code management.server.port} gives the actuator its own server):
 * keeps that server on platform threads, see {@link ManagementServerPlatformThreads}. Switched off with
 * {@code vtstarter.management.platform-threads=false}.
 */
@ManagementContextConfiguration(value = ManagementContextType.CHILD, proxyBeanMethods = false)
@ConditionalOnProperty(name = "vtstarter.management.platform-threads", matchIfMissing = true)
public class ManagementServerPlatformThreadsConfiguration {

	@Bean
	ManagementServerPlatformThreads vtStarterManagementServerPlatformThreads() {
		return new ManagementServerPlatformThreads();
	}

}
