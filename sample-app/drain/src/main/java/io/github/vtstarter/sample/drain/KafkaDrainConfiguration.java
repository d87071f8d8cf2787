package io.github.vtstarter.sample.drain;

import java.lang.reflect.Constructor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.kafka.KafkaConnectionDetails;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.core.env.Environment;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.test.EmbeddedKafkaBroker;

/**
 * The drain experiment on Kafka (profile {@value #PROFILE}): an in-JVM broker (spring-kafka-test's, on
 * 127.0.0.1, a random port), a topic of {@code vtbench.drain.partitions} partitions holding the backlog
 * (records spread evenly over the partitions), and one {@code @KafkaListener} container with Boot's
 * {@code spring.kafka.listener.concurrency} consumers. A consumer handles its partitions' records one after
 * the other, whatever its thread: the drain time is bounded by partitions × concurrency, not by threads.
 */
@Configuration(proxyBeanMethods = false)
@Profile(KafkaDrainConfiguration.PROFILE)
public class KafkaDrainConfiguration {

	/** The profile that switches the Kafka drain experiment on. */
	public static final String PROFILE = "drain-kafka";

	static final String LISTENER_ID = "vtbench-drain";

	static final String TOPIC = "vtbench-drain";

	@Value("${vtbench.drain.partitions:50}")
	int partitions;

	@Bean
	DrainExperiment drainExperiment(Environment environment,
			@Value("${spring.kafka.listener.concurrency:1}") int concurrency) {
		Map<String, Object> settings = new LinkedHashMap<>();
		settings.put("partitions", this.partitions);
		settings.put("concurrency", concurrency);
		return DrainExperiment.of("kafka", environment, settings);
	}

	/**
	 * spring-kafka-test's broker: a class in spring-kafka-test 3.0 (Boot 3.1, ZooKeeper), an interface with a KRaft
	 * implementation from 3.1 on (Boot 3.2+); built by reflection so that the sample compiles against both.
	 */
	@Bean
	EmbeddedKafkaBroker drainKafkaBroker() throws Exception {
		Class<?> kraft = null;
		try {
			kraft = Class.forName("org.springframework.kafka.test.EmbeddedKafkaKraftBroker");
		}
		catch (ClassNotFoundException ex) {
			// spring-kafka-test 3.0
		}
		EmbeddedKafkaBroker broker;
		if (kraft != null) {
			Constructor<?> c = kraft.getConstructor(int.class, int.class, String[].class);
			broker = (EmbeddedKafkaBroker) c.newInstance(1, this.partitions, new String[] { TOPIC });
		}
		else {
			Constructor<?> c = EmbeddedKafkaBroker.class.getConstructor(int.class, boolean.class, int.class,
					String[].class);
			broker = (EmbeddedKafkaBroker) c.newInstance(1, false, this.partitions, new String[] { TOPIC });
		}
		return broker.brokerProperties(Map.of("offsets.topic.num.partitions", "5"));
	}

	@Bean
	KafkaConnectionDetails drainKafkaConnectionDetails(EmbeddedKafkaBroker drainKafkaBroker) {
		return () -> List.of(drainKafkaBroker.getBrokersAsString());
	}

	@Bean
	Backlog kafkaBacklog(KafkaTemplate<String, String> template, KafkaListenerEndpointRegistry registry,
			DrainExperiment experiment) {
		return new Backlog() {

			@Override
			public void fill() throws Exception {
				List<CompletableFuture<?>> sent = new ArrayList<>();
				for (int i = 0; i < experiment.messages(); i++) {
					sent.add(template.send(TOPIC, i % KafkaDrainConfiguration.this.partitions, null, "m-" + i));
				}
				template.flush();
				CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new)).get(120, TimeUnit.SECONDS);
			}

			@Override
			public void startConsumers() {
				registry.getListenerContainer(LISTENER_ID).start();
			}

		};
	}

	@Bean
	DrainListener kafkaDrainListener(DrainExperiment experiment) {
		return new DrainListener(experiment);
	}

	/** The listener: every record costs the experiment's blocking work. */
	static class DrainListener {

		private final DrainExperiment experiment;

		DrainListener(DrainExperiment experiment) {
			this.experiment = experiment;
		}

		@KafkaListener(id = LISTENER_ID, topics = TOPIC, autoStartup = "false")
		void onRecord(String payload) throws InterruptedException {
			this.experiment.handle(payload);
		}

	}

}
