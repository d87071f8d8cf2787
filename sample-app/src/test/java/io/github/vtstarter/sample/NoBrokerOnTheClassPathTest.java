package io.github.vtstarter.sample;

import org.junit.jupiter.api.Test;

import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample app is what the README runs first: its jar carries no message broker and no messaging client (the
 * drain benchmark has its own application, sample-app/drain), which kept its jar over 130 MB.
 */
class NoBrokerOnTheClassPathTest {

	@Test
	void noBrokerNoMessagingClient() {
		ClassLoader loader = getClass().getClassLoader();
		for (String name : new String[] { "kafka.server.KafkaServer", "org.apache.kafka.clients.consumer.KafkaConsumer",
				"org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ", "jakarta.jms.ConnectionFactory",
				"com.rabbitmq.client.ConnectionFactory", "io.lettuce.core.RedisClient",
				"org.springframework.integration.channel.QueueChannel" }) {
			assertThat(ClassUtils.isPresent(name, loader)).as(name).isFalse();
		}
	}

}
