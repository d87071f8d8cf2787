package io.github.vtstarter.autoconfigure.messaging.rabbit;

import io.github.vtstarter.autoconfigure.BooleanProperty;
import io.github.vtstarter.autoconfigure.condition.ConditionalOnBootSupport;
import io.github.vtstarter.autoconfigure.condition.ConditionalOnMissingBootSupport;
import io.github.vtstarter.autoconfigure.condition.ConditionalOnVirtualThreads;
import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.threads.VirtualThreadRegistry;

import org.springframework.amqp.rabbit.listener.SimpleMessageListenerContainer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * {@code @RabbitListener} containers on virtual threads ({@code rabbit-simple-N}, {@code rabbit-direct-N}): set on
 * Boot 3.1, counted on Boot 3.2+ where Boot sets them; see {@link RabbitListenerVirtualThreads}. On Boot 3.1 simple
 * containers stay on platform threads on Java 21 to 23 ({@link RabbitSimpleListenerThreadChoice});
 * {@code vtstarter.rabbit.virtual-threads.enabled} forces either way. Only Spring AMQP's own types are used, which did
 * not move in Boot 4.
 */
@AutoConfiguration(after = VirtualThreadsAutoConfiguration.class)
@ConditionalOnClass(name = "org.springframework.amqp.rabbit.config.AbstractRabbitListenerContainerFactory")
@ConditionalOnVirtualThreads
@EnableConfigurationProperties(RabbitVirtualThreadsProperties.class)
public class VirtualThreadsRabbitAutoConfiguration {

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnMissingBootSupport(since = "3.2")
	static class RabbitListenerBackportConfiguration {

		@Bean
		static RabbitListenerVirtualThreads rabbitListenerVirtualThreads(
				ObjectProvider<VirtualThreadRegistry> registry, Environment environment) {
			RabbitSimpleListenerThreadChoice choice = RabbitSimpleListenerThreadChoice.decide(
					BooleanProperty.read(environment, RabbitSimpleListenerThreadChoice.PROPERTY),
					Runtime.version().feature(), SimpleMessageListenerContainer.class);
			return new RabbitListenerVirtualThreads(registry, choice);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBootSupport(since = "3.2")
	static class BootRabbitListenerCountingConfiguration {

		@Bean
		static RabbitListenerVirtualThreads bootRabbitListenerCounter(ObjectProvider<VirtualThreadRegistry> registry) {
			return new RabbitListenerVirtualThreads(registry, null);
		}

	}

}
