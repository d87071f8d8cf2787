package io.github.vtstarter.autoconfigure.messaging.jms;

import io.github.vtstarter.autoconfigure.BooleanProperty;
import io.github.vtstarter.autoconfigure.condition.ConditionalOnVirtualThreads;
import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.threads.VirtualThreadRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import org.springframework.core.io.ResourceLoader;

/**
 * {@code @JmsListener} methods on virtual threads ({@code jms-N}), counted under {@code jms}, on every Boot line
 * (Boot itself never does it), where that does not slow them down: see {@link JmsListenerThreadChoice} (Java 21 to
 * 23 with Artemis or ActiveMQ Classic: platform threads) and {@link JmsListenerVirtualThreads}.
 * {@code vtstarter.jms.virtual-threads.enabled} forces either way. Only spring-jms's own types are used, which did
 * not move in Boot 4.
 */
@AutoConfiguration(after = VirtualThreadsAutoConfiguration.class)
@ConditionalOnClass(name = "org.springframework.jms.config.DefaultJmsListenerContainerFactory")
@ConditionalOnVirtualThreads
@EnableConfigurationProperties(JmsVirtualThreadsProperties.class)
public class VirtualThreadsJmsAutoConfiguration {

	@Bean
	static JmsListenerVirtualThreads jmsListenerVirtualThreads(ObjectProvider<VirtualThreadRegistry> registry,
			Environment environment, ResourceLoader resourceLoader) {
		JmsListenerThreadChoice choice = JmsListenerThreadChoice.decide(
				BooleanProperty.read(environment, JmsListenerThreadChoice.PROPERTY), Runtime.version().feature(),
				resourceLoader.getClassLoader());
		return new JmsListenerVirtualThreads(registry, choice);
	}

}
