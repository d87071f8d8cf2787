package io.github.vtstarter.autoconfigure.messaging.rabbit;

import io.github.vtstarter.autoconfigure.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.autoconfigure.condition.ConditionalOnBootSupport;
import io.github.vtstarter.autoconfigure.condition.ConditionalOnMissingBootSupport;
import io.github.vtstarter.autoconfigure.condition.ConditionalOnVirtualThreads;
import io.github.vtstarter.threads.VirtualThreadRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@code @RabbitListener} containers on virtual threads ({@code rabbit-simple-N}, {@code rabbit-direct-N}): set on
 * Boot 3.1, counted on Boot 3.2+ where Boot sets them; see {@link RabbitListenerVirtualThreads}. Only Spring AMQP's
 * own types are used, which did not move in Boot 4.
 */
@AutoConfiguration(after = VirtualThreadsAutoConfiguration.class)
@ConditionalOnClass(name = "org.springframework.amqp.rabbit.config.AbstractRabbitListenerContainerFactory")
@ConditionalOnVirtualThreads
public class VirtualThreadsRabbitAutoConfiguration {

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnMissingBootSupport(since = "3.2")
	static class RabbitListenerBackportConfiguration {

		@Bean
		static RabbitListenerVirtualThreads rabbitListenerVirtualThreads(
				ObjectProvider<VirtualThreadRegistry> registry) {
			return new RabbitListenerVirtualThreads(registry, true);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBootSupport(since = "3.2")
	static class BootRabbitListenerCountingConfiguration {

		@Bean
		static RabbitListenerVirtualThreads bootRabbitListenerCounter(ObjectProvider<VirtualThreadRegistry> registry) {
			return new RabbitListenerVirtualThreads(registry, false);
		}

	}

}
