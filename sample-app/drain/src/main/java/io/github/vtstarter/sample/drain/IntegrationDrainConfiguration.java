package io.github.vtstarter.sample.drain;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.core.env.Environment;
import org.springframework.integration.channel.QueueChannel;
import org.springframework.integration.dsl.IntegrationFlow;
import org.springframework.integration.dsl.Pollers;
import org.springframework.integration.dsl.context.IntegrationFlowContext;
import org.springframework.integration.support.MessageBuilder;

/**
 * The drain case of Spring Integration (profile {@value #PROFILE}): a {@link QueueChannel} holding the backlog,
 * drained by {@code vtbench.drain.consumers} polling consumers (50), each polling one message at a time with no
 * delay between polls. Pollers run on Integration's {@code taskScheduler}: on Boot 3.1 a
 * {@code ThreadPoolTaskScheduler} of {@code spring.task.scheduling.pool.size} threads (1), with the starter a new
 * virtual thread per poll, as Boot 3.4+ does it.
 */
@Configuration(proxyBeanMethods = false)
@Profile(IntegrationDrainConfiguration.PROFILE)
public class IntegrationDrainConfiguration {

	/** The profile that switches the Spring Integration drain case on. */
	public static final String PROFILE = "drain-integration";

	@Bean
	DrainExperiment drainExperiment(Environment environment, @Value("${vtbench.drain.consumers:50}") int consumers) {
		Map<String, Object> settings = new LinkedHashMap<>();
		settings.put("consumers", consumers);
		settings.put("spring.task.scheduling.pool.size",
				environment.getProperty("spring.task.scheduling.pool.size", "(Boot's default)"));
		return DrainExperiment.of("integration", environment, settings);
	}

	@Bean
	QueueChannel drainChannel() {
		return new QueueChannel();
	}

	@Bean
	Backlog integrationBacklog(QueueChannel drainChannel, IntegrationFlowContext flows, DrainExperiment experiment,
			@Value("${vtbench.drain.consumers:50}") int consumers) {
		return new Backlog() {

			@Override
			public void fill() {
				for (int i = 0; i < experiment.messages(); i++) {
					drainChannel.send(MessageBuilder.withPayload("m-" + i).build());
				}
			}

			@Override
			public void startConsumers() {
				for (int i = 0; i < consumers; i++) {
					IntegrationFlow flow = IntegrationFlow.from(drainChannel)
						.handle(String.class, (payload, headers) -> {
							try {
								experiment.handle(payload);
							}
							catch (InterruptedException ex) {
								Thread.currentThread().interrupt();
							}
							return null;
						}, (endpoint) -> endpoint.poller(Pollers.fixedDelay(Duration.ZERO).maxMessagesPerPoll(1)))
						.get();
					flows.registration(flow).id("drain-consumer-" + i).register();
				}
			}

		};
	}

}
