package io.github.vtstarter.sample.messaging;

import jakarta.jms.ConnectionFactory;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.context.ApplicationContext;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.test.EmbeddedKafkaBroker;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The web benchmarks run the same jar without the messaging profiles: then no broker starts, no listener exists
 * and no broker or client thread runs.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class NoMessagingByDefaultTest {

	@Autowired
	ApplicationContext context;

	@Test
	void noBrokerNoListenerNoBrokerThread() {
		assertThat(this.context.getBeansOfType(EmbeddedActiveMQ.class)).isEmpty();
		assertThat(this.context.getBeansOfType(EmbeddedKafkaBroker.class)).isEmpty();
		assertThat(this.context.getBeansOfType(DrainExperiment.class)).isEmpty();
		assertThat(this.context.getBeanNamesForType(ConnectionFactory.class)).as("no JMS client").isEmpty();
		assertThat(this.context.getBeanNamesForType(KafkaTemplate.class)).as("no Kafka client").isEmpty();
		assertThat(Thread.getAllStackTraces().keySet()).map(Thread::getName)
			.noneMatch((name) -> name.toLowerCase().contains("activemq") || name.toLowerCase().contains("kafka")
					|| name.toLowerCase().contains("zookeeper") || name.startsWith("jms-"));
	}

}
