package io.github.vtstarter.autoconfigure.messaging.jms;

import io.github.vtstarter.autoconfigure.ConditionalOnVirtualThreads;
import io.github.vtstarter.autoconfigure.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.threads.VirtualThreadRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * {@code @JmsListener} methods on virtual threads ({@code jms-N}), counted under {@code jms}, on every Boot line
 * (Boot itself never does it): see {@link JmsListenerVirtualThreads}. Switched off with
 * {@code vtstarter.jms.virtual-threads.enabled=false}. Only spring-jms's own types are used, which did not move
 * in Boot 4.
 */
@AutoConfiguration(after = VirtualThreadsAutoConfiguration.class)
@ConditionalOnClass(name = "org.springframework.jms.config.DefaultJmsListenerContainerFactory")
@ConditionalOnVirtualThreads
@ConditionalOnProperty(prefix = JmsVirtualThreadsProperties.PREFIX, name = "enabled", matchIfMissing = true)
@EnableConfigurationProperties(JmsVirtualThreadsProperties.class)
public class VirtualThreadsJmsAutoConfiguration {

	@Bean
	static JmsListenerVirtualThreads jmsListenerVirtualThreads(ObjectProvider<VirtualThreadRegistry> registry) {
		return new JmsListenerVirtualThreads(registry);
	}

}
