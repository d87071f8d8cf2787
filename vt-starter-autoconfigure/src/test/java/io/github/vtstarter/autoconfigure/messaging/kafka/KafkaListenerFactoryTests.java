package io.github.vtstarter.autoconfigure.messaging.kafka;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.autoconfigure.messaging.SeenByUsers;
import io.github.vtstarter.pinning.TestJdk;
import io.github.vtstarter.testsupport.EnabledWith;
import io.github.vtstarter.testsupport.EnabledWith.Runtime;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import io.github.vtstarter.threads.VirtualThreads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.kafka.KafkaAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.task.AsyncTaskExecutor;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.ConsumerFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

/**
 * The Kafka listener container factory Boot configures, without a broker (no listener, so no consumer connects):
 * the executor its containers get, where a consumer's loop runs and under which name it is counted, on Boot 3.1
 * (the backport) and on Boot 3.2+ (Boot's executor, counted). {@code KafkaListenerVirtualThreadsTests} shows the
 * same with records from a broker.
 */
@EnabledIf(TestJdk.VIRTUAL_THREADS)
class KafkaListenerFactoryTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(VirtualThreadsAutoConfiguration.class,
				VirtualThreadsKafkaAutoConfiguration.class, KafkaAutoConfiguration.class))
		.withPropertyValues("spring.threads.virtual.enabled=true");

	@Test
	void consumersRunOnCountedVirtualThreadsNamedKafka() {
		this.runner.run((context) -> {
			Thread thread = runOn(executor(context.getBean(ConcurrentKafkaListenerContainerFactory.class)));
			assertThat(VirtualThreads.isVirtual(thread)).isTrue();
			assertThat(thread.getName()).startsWith("kafka-");
			SeenByUsers.assertCounted(context.getBean(VirtualThreadRegistry.class), "kafka", 1);
		});
	}

	@Test
	@EnabledWith(Runtime.BACKPORT)
	void everyFactoryWithoutAnExecutorSharesTheOne() {
		this.runner.withUserConfiguration(SecondFactory.class)
			.run((context) -> assertThat(executor(context.getBean("secondFactory",
					ConcurrentKafkaListenerContainerFactory.class)))
				.isNotNull()
				.isSameAs(executor(context.getBean("kafkaListenerContainerFactory",
						ConcurrentKafkaListenerContainerFactory.class))));
	}

	@Test
	void aFactoryWithItsOwnExecutorKeepsIt() {
		this.runner.withUserConfiguration(OwnExecutor.class)
			.run((context) -> assertThat(executor(context.getBean(ConcurrentKafkaListenerContainerFactory.class)))
				.isSameAs(OwnExecutor.EXECUTOR));
	}

	@Test
	@EnabledWith(Runtime.BACKPORT)
	void switchedOffTheFactoryIsLeftAlone() {
		this.runner.withPropertyValues("spring.threads.virtual.enabled=false")
			.run((context) -> assertThat(executor(context.getBean(ConcurrentKafkaListenerContainerFactory.class)))
				.isNull());
	}

	private static AsyncTaskExecutor executor(ConcurrentKafkaListenerContainerFactory<?, ?> factory) {
		return factory.getContainerProperties().getListenerTaskExecutor();
	}

	private static Thread runOn(AsyncTaskExecutor executor) throws Exception {
		CompletableFuture<Thread> thread = new CompletableFuture<>();
		executor.execute(() -> thread.complete(Thread.currentThread()));
		return thread.get(10, TimeUnit.SECONDS);
	}

	@Configuration(proxyBeanMethods = false)
	static class SecondFactory {

		@Bean
		@SuppressWarnings("unchecked")
		ConcurrentKafkaListenerContainerFactory<Object, Object> secondFactory() {
			ConcurrentKafkaListenerContainerFactory<Object, Object> factory = new ConcurrentKafkaListenerContainerFactory<>();
			factory.setConsumerFactory(mock(ConsumerFactory.class));
			return factory;
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class OwnExecutor {

		static final SimpleAsyncTaskExecutor EXECUTOR = new SimpleAsyncTaskExecutor("mine-");

		@Bean
		@SuppressWarnings("unchecked")
		ConcurrentKafkaListenerContainerFactory<Object, Object> kafkaListenerContainerFactory() {
			ConcurrentKafkaListenerContainerFactory<Object, Object> factory = new ConcurrentKafkaListenerContainerFactory<>();
			factory.setConsumerFactory(mock(ConsumerFactory.class));
			factory.getContainerProperties().setListenerTaskExecutor(EXECUTOR);
			return factory;
		}

	}

}
