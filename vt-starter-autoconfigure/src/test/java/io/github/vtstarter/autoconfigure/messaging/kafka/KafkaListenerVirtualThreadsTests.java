package io.github.vtstarter.autoconfigure.messaging.kafka;

import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.vtstarter.autoconfigure.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.pinning.TestJdk;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import io.github.vtstarter.threads.VirtualThreadStats;
import io.github.vtstarter.threads.VirtualThreads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.kafka.ConcurrentKafkaListenerContainerFactoryConfigurer;
import org.springframework.boot.autoconfigure.kafka.KafkaAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.test.context.EmbeddedKafka;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A real {@code @KafkaListener}, fed by spring-kafka-test's in-JVM broker, runs on a virtual thread named
 * {@code kafka-N} on Boot 3.1 (the backport) and on Boot 3.2+ (Boot's own executor), and is counted under
 * {@code kafka}; switched off, or with the application's own executor, it runs where the application says.
 */
@EnabledIf(TestJdk.VIRTUAL_THREADS)
@EmbeddedKafka(partitions = 1)
class KafkaListenerVirtualThreadsTests {

	// The broker's address as @EmbeddedKafka publishes it: EmbeddedKafkaBroker is a class in spring-kafka-test 3.0
	// (Boot 3.1) and an interface from 3.1 on, so the test does not take it as a parameter.
	private static String brokers() {
		return System.getProperty("spring.embedded.kafka.brokers");
	}

	private ApplicationContextRunner runner() {
		String topic = "vt-" + UUID.randomUUID();
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(VirtualThreadsAutoConfiguration.class,
					VirtualThreadsKafkaAutoConfiguration.class, KafkaAutoConfiguration.class))
			.withUserConfiguration(Listener.class)
			.withPropertyValues("spring.kafka.bootstrap-servers=" + brokers(),
					"spring.kafka.consumer.auto-offset-reset=earliest", "spring.kafka.consumer.group-id=" + topic,
					"test.topic=" + topic);
	}

	@Test
	void listenerRunsOnACountedVirtualThreadNamedKafka() throws Exception {
		runner().withPropertyValues("spring.threads.virtual.enabled=true").run((context) -> {
			Thread thread = sendAndAwaitListener(context.getBean(KafkaTemplate.class), context.getBean(Listener.class),
					context.getEnvironment().getProperty("test.topic"));
			assertThat(VirtualThreads.isVirtual(thread)).isTrue();
			assertThat(thread.getName()).startsWith("kafka-");
			VirtualThreadStats stats = context.getBean(VirtualThreadRegistry.class).stats("kafka");
			// One consumer thread per container (concurrency 1): started, and alive while the container runs.
			assertThat(stats.getStarted()).isEqualTo(1);
			assertThat(stats.getLive()).isEqualTo(1);
		});
	}

	@Test
	void switchedOffTheListenerRunsOnAPlatformThread() throws Exception {
		runner().withPropertyValues("spring.threads.virtual.enabled=false").run((context) -> {
			Thread thread = sendAndAwaitListener(context.getBean(KafkaTemplate.class), context.getBean(Listener.class),
					context.getEnvironment().getProperty("test.topic"));
			assertThat(VirtualThreads.isVirtual(thread)).isFalse();
			assertThat(context).doesNotHaveBean(KafkaListenerVirtualThreads.class);
		});
	}

	@Test
	void aFactoryWithItsOwnExecutorKeepsIt() throws Exception {
		runner().withPropertyValues("spring.threads.virtual.enabled=true")
			.withUserConfiguration(OwnFactory.class)
			.run((context) -> {
				Thread thread = sendAndAwaitListener(context.getBean(KafkaTemplate.class),
						context.getBean(Listener.class), context.getEnvironment().getProperty("test.topic"));
				assertThat(VirtualThreads.isVirtual(thread)).isFalse();
				assertThat(thread.getName()).startsWith("mine-");
				assertThat(context.getBean(VirtualThreadRegistry.class).all())
					.noneMatch((stats) -> stats.getName().equals("kafka"));
			});
	}

	@SuppressWarnings("unchecked")
	private static Thread sendAndAwaitListener(KafkaTemplate<?, ?> template, Listener listener, String topic)
			throws Exception {
		((KafkaTemplate<Object, Object>) template).send(topic, "hello").get(30, TimeUnit.SECONDS);
		return listener.thread.get(60, TimeUnit.SECONDS);
	}

	@Configuration(proxyBeanMethods = false)
	static class Listener {

		final CompletableFuture<Thread> thread = new CompletableFuture<>();

		@KafkaListener(topics = "${test.topic}")
		void onMessage(String message) {
			this.thread.complete(Thread.currentThread());
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class OwnFactory {

		@Bean
		ConcurrentKafkaListenerContainerFactory<Object, Object> kafkaListenerContainerFactory(
				ConcurrentKafkaListenerContainerFactoryConfigurer configurer, ConsumerFactory<Object, Object> consumers) {
			ConcurrentKafkaListenerContainerFactory<Object, Object> factory = new ConcurrentKafkaListenerContainerFactory<>();
			configurer.configure(factory, consumers);
			factory.getContainerProperties().setListenerTaskExecutor(new SimpleAsyncTaskExecutor("mine-"));
			return factory;
		}

	}

}
