package io.github.vtstarter.sample.drain;

import java.util.Map;

import jakarta.jms.ConnectionFactory;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.context.ApplicationContext;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.test.EmbeddedKafkaBroker;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Without a case's profile the drain application runs nothing: no broker starts, no client, listener or poller
 * exists, and {@code /drain} says so. (Broker threads are not looked for: the other tests of this JVM start brokers.)
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class NoCaseWithoutAProfileTest {

	@Autowired
	ApplicationContext context;

	@Autowired
	TestRestTemplate rest;

	@Test
	void noBrokerNoListenerNoBrokerThread() {
		assertThat(this.context.getBeansOfType(EmbeddedActiveMQ.class)).isEmpty();
		assertThat(this.context.getBeansOfType(EmbeddedKafkaBroker.class)).isEmpty();
		assertThat(this.context.getBeansOfType(DrainExperiment.class)).isEmpty();
		assertThat(this.context.getBeansOfType(Backlog.class)).isEmpty();
		assertThat(this.context.getBeanNamesForType(ConnectionFactory.class)).as("no JMS client").isEmpty();
		assertThat(this.context.getBeanNamesForType(KafkaTemplate.class)).as("no Kafka client").isEmpty();
		assertThat(this.context.getBeanNamesForType(org.springframework.amqp.rabbit.connection.ConnectionFactory.class))
			.as("no RabbitMQ client").isEmpty();
		assertThat(this.context.getBeanNamesForType(
				org.springframework.data.redis.connection.RedisConnectionFactory.class)).as("no Redis client").isEmpty();
		assertThat(this.context.containsBean("integrationFlowContext")).as("no Spring Integration").isFalse();
		assertThat(this.rest.getForObject("/drain", Map.class)).containsEntry("state", "NO_CASE");
	}

}
