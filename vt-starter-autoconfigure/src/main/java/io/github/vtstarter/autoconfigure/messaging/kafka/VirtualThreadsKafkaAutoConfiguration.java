package io.github.vtstarter.autoconfigure.messaging.kafka;

import io.github.vtstarter.autoconfigure.condition.ConditionalOnBootSupport;
import io.github.vtstarter.autoconfigure.condition.ConditionalOnMissingBootSupport;
import io.github.vtstarter.autoconfigure.condition.ConditionalOnVirtualThreads;
import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.threads.VirtualThreadRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@code @KafkaListener} methods on virtual threads ({@code kafka-N}), counted under {@code kafka}: on Boot 3.1
 * the starter sets the listener task executor Boot 3.2+ sets ({@link KafkaListenerVirtualThreads}); on Boot 3.2+
 * Boot sets it and the starter only counts it ({@link BootKafkaListenerCounter}). Only spring-kafka's own types
 * are used, which did not move between Boot lines.
 */
@AutoConfiguration(after = VirtualThreadsAutoConfiguration.class)
@ConditionalOnClass(name = "org.springframework.kafka.config.AbstractKafkaListenerContainerFactory")
@ConditionalOnVirtualThreads
public class VirtualThreadsKafkaAutoConfiguration {

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnMissingBootSupport(since = "3.2")
	static class KafkaListenerBackportConfiguration {

		@Bean
		static KafkaListenerVirtualThreads kafkaListenerVirtualThreads(ObjectProvider<VirtualThreadRegistry> registry) {
			return new KafkaListenerVirtualThreads(registry);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBootSupport(since = "3.2")
	static class BootKafkaListenerCountingConfiguration {

		@Bean
		static BootKafkaListenerCounter bootKafkaListenerCounter(ObjectProvider<VirtualThreadRegistry> registry) {
			return new BootKafkaListenerCounter(registry);
		}

	}

}
