package io.github.vtstarter.autoconfigure.messaging.kafka;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.vtstarter.autoconfigure.messaging.SeenByUsers;
import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.pinning.Eventually;
import io.github.vtstarter.pinning.TestJdk;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import io.github.vtstarter.threads.VirtualThreadStats;
import io.github.vtstarter.threads.VirtualThreads;
import org.apache.kafka.clients.admin.AdminClient;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
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
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
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
			SeenByUsers.assertCounted(context.getBean(VirtualThreadRegistry.class), "kafka", 1);
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

	@Test
	@SuppressWarnings("unchecked")
	void aListenerInTheMiddleOfARecordFinishesItAtCloseAndTheOffsetIsCommittedOnlyThen() throws Exception {
		runner().withPropertyValues("spring.threads.virtual.enabled=true")
			.withUserConfiguration(BlockingListener.class)
			.run((context) -> {
				String topic = context.getEnvironment().getProperty("test.topic");
				BlockingListener listener = context.getBean(BlockingListener.class);
				KafkaTemplate<Object, Object> template = context.getBean(KafkaTemplate.class);
				template.send(topic, "first").get(30, TimeUnit.SECONDS);
				template.send(topic, "slow").get(30, TimeUnit.SECONDS);
				assertThat(listener.entered.await(60, TimeUnit.SECONDS)).isTrue();
				assertThat(VirtualThreads.isVirtual(listener.thread)).isTrue();
				CompletableFuture<Void> closing = CompletableFuture.runAsync(context::close);
				KafkaListenerEndpointRegistry registry = context.getBean(KafkaListenerEndpointRegistry.class);
				Eventually.await(Duration.ofSeconds(30), () -> !registry.getListenerContainer("blocking").isRunning());
				// Told to stop while the second record (offset 1) is in the listener: the group's committed offset
				// is not past it.
				assertThat(committedOffset(topic + "-blocking", topic)).isLessThanOrEqualTo(1);
				assertThat(closing).isNotDone();
				listener.release.countDown();
				closing.get(60, TimeUnit.SECONDS);
				assertThat(listener.finished).isEqualTo(2);
				// The record was finished, then its offset committed before the consumer closed.
				assertThat(committedOffset(topic + "-blocking", topic)).isEqualTo(2);
			});
	}

	private static long committedOffset(String group, String topic) throws Exception {
		try (AdminClient admin = AdminClient.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, brokers()))) {
			OffsetAndMetadata offset = admin.listConsumerGroupOffsets(group)
				.partitionsToOffsetAndMetadata()
				.get(30, TimeUnit.SECONDS)
				.get(new TopicPartition(topic, 0));
			return (offset != null) ? offset.offset() : -1;
		}
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
	static class BlockingListener {

		final CountDownLatch entered = new CountDownLatch(1);

		final CountDownLatch release = new CountDownLatch(1);

		volatile Thread thread;

		volatile int finished;

		@KafkaListener(id = "blocking", topics = "${test.topic}", groupId = "${test.topic}-blocking")
		void onMessage(String message) throws InterruptedException {
			if (message.equals("slow")) {
				this.thread = Thread.currentThread();
				this.entered.countDown();
				// Waits through the close, as a slow database write would.
				while (!this.release.await(60, TimeUnit.SECONDS)) {
				}
			}
			this.finished++;
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
