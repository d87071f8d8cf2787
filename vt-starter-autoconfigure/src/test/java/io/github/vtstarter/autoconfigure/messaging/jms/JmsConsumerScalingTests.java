package io.github.vtstarter.autoconfigure.messaging.jms;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.pinning.Eventually;
import io.github.vtstarter.testsupport.Precondition;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import io.github.vtstarter.threads.VirtualThreads;
import jakarta.jms.ConnectionFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.jms.DefaultJmsListenerContainerFactoryConfigurer;
import org.springframework.boot.autoconfigure.jms.JmsAutoConfiguration;
import org.springframework.boot.autoconfigure.jms.artemis.ArtemisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.SpringVersion;
import org.springframework.jms.annotation.JmsListener;
import org.springframework.jms.config.DefaultJmsListenerContainerFactory;
import org.springframework.jms.config.JmsListenerEndpointRegistry;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.jms.listener.DefaultMessageListenerContainer;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What happens to the consumers a burst adds above the minimum concurrency, on virtual and on platform threads
 * alike (Spring JMS decides, not the thread kind). With an executor that is not a {@code SchedulingTaskExecutor}
 * (the starter's, and the container's default {@code SimpleAsyncTaskExecutor}): on Spring Framework 6.0 and 6.1
 * (Boot 3.1 to 3.3) each consumer loops on {@code receive} until the container stops, so they stay however long
 * the queue is idle; Spring Framework 6.2 (Boot 3.4+) ends a consumer's task after 10 empty receives
 * ({@code idleReceivesPerTaskLimit}'s default there) and does not reschedule an idle one above the minimum. With
 * {@code maxMessagesPerTask} set, a task ends after that many receives, with the same effect, on every line. A real
 * Artemis broker, 40 messages of 100 ms, 1 to 4 consumers, no client prefetch (so that every consumer gets some).
 */
@Precondition(Precondition.VirtualThreads.class)
class JmsConsumerScalingTests {

	private static EmbeddedArtemis broker;

	@BeforeAll
	static void startBroker() throws Exception {
		broker = EmbeddedArtemis.start();
	}

	@AfterAll
	static void stopBroker() throws Exception {
		if (broker != null) {
			broker.stop();
		}
	}

	/**
	 * Spring Framework 6.2 (Boot 3.4+) gives a container on a non-pooling executor (its default
	 * {@code SimpleAsyncTaskExecutor}, the starter's) an {@code idleReceivesPerTaskLimit} of 10; 6.0 and 6.1 none.
	 */
	private static final boolean SPRING_62 = ClassUtils.hasMethod(DefaultMessageListenerContainer.class,
			"setVirtualThreads", boolean.class);

	private final String queue = "burst-" + UUID.randomUUID();

	private ApplicationContextRunner runner(boolean virtual) {
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(VirtualThreadsAutoConfiguration.class,
					VirtualThreadsJmsAutoConfiguration.class, ArtemisAutoConfiguration.class, JmsAutoConfiguration.class))
			.withUserConfiguration(BurstListener.class)
			.withPropertyValues("spring.threads.virtual.enabled=true", "vtstarter.jms.virtual-threads.enabled=" + virtual,
					"spring.artemis.mode=native", "spring.artemis.embedded.enabled=false",
					"spring.artemis.broker-url=" + EmbeddedArtemis.URL + "?consumerWindowSize=0",
					"spring.jms.listener.concurrency=1", "spring.jms.listener.max-concurrency=4",
					"spring.jms.listener.receive-timeout=100ms", "test.queue=" + this.queue);
	}

	@ParameterizedTest(name = "virtual threads: {0}")
	@ValueSource(booleans = { true, false })
	void consumersABurstAddedStayOnSpring60And61AndEndAfterTenIdleReceivesFrom62(boolean virtual) {
		runner(virtual).run((context) -> {
			DefaultMessageListenerContainer container = burst(context.getBean(JmsTemplate.class),
					context.getBean(JmsListenerEndpointRegistry.class), context.getBean(BurstListener.class), virtual);
			// 3 s idle: 30 empty receives of 100 ms per consumer.
			Thread.sleep(3000);
			int expected = SPRING_62 ? 1 : 4;
			assertThat(container.getScheduledConsumerCount()).as("Spring Framework " + SpringVersion.getVersion())
				.isEqualTo(expected);
			if (virtual) {
				assertThat(context.getBean(VirtualThreadRegistry.class).stats("jms").getLive()).isEqualTo(expected);
			}
		});
	}

	@ParameterizedTest(name = "virtual threads: {0}")
	@ValueSource(booleans = { true, false })
	void withMaxMessagesPerTaskIdleConsumersAboveTheMinimumEnd(boolean virtual) {
		runner(virtual).withUserConfiguration(MaxMessagesPerTask.class).run((context) -> {
			DefaultMessageListenerContainer container = burst(context.getBean(JmsTemplate.class),
					context.getBean(JmsListenerEndpointRegistry.class), context.getBean(BurstListener.class), virtual);
			// A task ends after 10 receives (1 s idle); an idle one above the minimum is not rescheduled.
			Eventually.await(Duration.ofSeconds(30), () -> container.getScheduledConsumerCount() == 1);
			if (virtual) {
				VirtualThreadRegistry registry = context.getBean(VirtualThreadRegistry.class);
				Eventually.await(Duration.ofSeconds(10), () -> registry.stats("jms").getLive() <= 1);
			}
		});
	}

	private DefaultMessageListenerContainer burst(JmsTemplate template, JmsListenerEndpointRegistry registry,
			BurstListener listener, boolean virtual) throws Exception {
		DefaultMessageListenerContainer container = (DefaultMessageListenerContainer) registry
			.getListenerContainer("burst");
		assertThat(container.getScheduledConsumerCount()).as("the minimum, before the burst").isEqualTo(1);
		for (int i = 0; i < 40; i++) {
			template.convertAndSend(this.queue, "m" + i);
		}
		Eventually.await(Duration.ofSeconds(60), () -> listener.handled.get() == 40);
		assertThat(listener.virtual).isEqualTo(virtual);
		assertThat(container.getScheduledConsumerCount()).as("the burst raised the consumers to the maximum")
			.isEqualTo(4);
		Eventually.await(Duration.ofSeconds(30), () -> broker.messageCount(this.queue) == 0);
		return container;
	}

	@Configuration(proxyBeanMethods = false)
	static class BurstListener {

		final AtomicInteger handled = new AtomicInteger();

		volatile boolean virtual;

		@JmsListener(id = "burst", destination = "${test.queue}")
		void onMessage(String message) throws InterruptedException {
			this.virtual = VirtualThreads.isVirtual(Thread.currentThread());
			Thread.sleep(100);
			this.handled.incrementAndGet();
		}

	}

	/**
	 * Boot 3.2+ has {@code spring.jms.listener.max-messages-per-task}; on Boot 3.1 a factory of the application's,
	 * built with Boot's configurer, sets it (without an executor: the starter's choice still applies).
	 */
	@Configuration(proxyBeanMethods = false)
	static class MaxMessagesPerTask {

		@Bean
		DefaultJmsListenerContainerFactory jmsListenerContainerFactory(
				DefaultJmsListenerContainerFactoryConfigurer configurer, ConnectionFactory connectionFactory) {
			DefaultJmsListenerContainerFactory factory = new DefaultJmsListenerContainerFactory();
			configurer.configure(factory, connectionFactory);
			factory.setMaxMessagesPerTask(10);
			return factory;
		}

	}

}
