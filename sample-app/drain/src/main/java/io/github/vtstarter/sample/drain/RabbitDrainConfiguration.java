package io.github.vtstarter.sample.drain;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

import org.springframework.amqp.core.AmqpAdmin;
import org.springframework.amqp.core.MessageDeliveryMode;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.amqp.rabbit.core.RabbitAdmin;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.amqp.rabbit.listener.RabbitListenerEndpointRegistry;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.core.env.Environment;

/**
 * The drain case on RabbitMQ (profile {@value #PROFILE}): a queue on a rabbitmq-server that the benchmark starts on
 * 127.0.0.1, holding the backlog (non-persistent messages), and one {@code @RabbitListener} container of Boot's
 * default (simple) factory with {@code spring.rabbitmq.listener.simple.concurrency} consumers, each taking one
 * message at a time ({@code prefetch=1}, set in {@code application-drain-rabbit.properties}). The consumers compete
 * on one queue: the drain time is bounded by the consumer count.
 */
@Configuration(proxyBeanMethods = false)
@Profile(RabbitDrainConfiguration.PROFILE)
public class RabbitDrainConfiguration {

	/** The profile that switches the RabbitMQ drain case on. */
	public static final String PROFILE = "drain-rabbit";

	static final String LISTENER_ID = "vtbench-drain";

	static final String QUEUE = "vtbench.drain";

	@Bean
	DrainExperiment drainExperiment(Environment environment,
			@Value("${spring.rabbitmq.listener.simple.concurrency:}") String concurrency,
			@Value("${spring.rabbitmq.listener.simple.max-concurrency:}") String maxConcurrency,
			@Value("${spring.rabbitmq.listener.simple.prefetch:}") String prefetch) {
		Map<String, Object> settings = new LinkedHashMap<>();
		settings.put("concurrency", concurrency);
		settings.put("maxConcurrency", maxConcurrency);
		settings.put("prefetch", prefetch);
		return DrainExperiment.of("rabbit", environment, settings);
	}

	/** Declared by the admin when the first connection opens; deleted when the broker stops (not durable). */
	@Bean
	Queue drainQueue() {
		return new Queue(QUEUE, false);
	}

	@Bean
	Backlog rabbitBacklog(RabbitTemplate template, AmqpAdmin admin, RabbitListenerEndpointRegistry registry,
			DrainExperiment experiment) {
		return new Backlog() {

			@Override
			public void fill() throws Exception {
				admin.purgeQueue(QUEUE, false);
				for (int i = 0; i < experiment.messages(); i++) {
					template.convertAndSend("", QUEUE, "m-" + i, (message) -> {
						message.getMessageProperties().setDeliveryMode(MessageDeliveryMode.NON_PERSISTENT);
						return message;
					});
				}
				long deadline = System.nanoTime() + 120_000_000_000L;
				while (queued(admin) < experiment.messages()) {
					if (System.nanoTime() > deadline) {
						throw new IllegalStateException("the queue holds " + queued(admin) + " messages after 120 s");
					}
					Thread.sleep(20);
				}
			}

			@Override
			public void startConsumers() {
				registry.getListenerContainer(LISTENER_ID).start();
			}

		};
	}

	static long queued(AmqpAdmin admin) {
		Properties properties = admin.getQueueProperties(QUEUE);
		Object count = (properties != null) ? properties.get(RabbitAdmin.QUEUE_MESSAGE_COUNT) : null;
		return (count instanceof Number number) ? number.longValue() : 0;
	}

	@Bean
	DrainListener rabbitDrainListener(DrainExperiment experiment) {
		return new DrainListener(experiment);
	}

	/** The listener: every message costs the experiment's blocking work. */
	static class DrainListener {

		private final DrainExperiment experiment;

		DrainListener(DrainExperiment experiment) {
			this.experiment = experiment;
		}

		@RabbitListener(id = LISTENER_ID, queues = QUEUE)
		void onMessage(String payload) throws InterruptedException {
			this.experiment.handle(payload);
		}

	}

}
