package io.github.vtstarter.autoconfigure.messaging.redis;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.autoconfigure.messaging.SeenByUsers;
import io.github.vtstarter.autoconfigure.messaging.TaskExecutorField;
import io.github.vtstarter.pinning.TestJdk;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import io.github.vtstarter.threads.VirtualThreads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.listener.RedisMessageListenerContainer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

/**
 * {@link RedisListenerVirtualThreads} on an application's {@code RedisMessageListenerContainer}, without a server
 * (the container has no listener, so starting it connects nowhere): the executor it hands each message to, where a message runs and under which
 * name it is counted. {@code RedisListenerVirtualThreadsTests} shows the same with messages from a real Redis.
 */
@EnabledIf(TestJdk.VIRTUAL_THREADS)
class RedisListenerContainerTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(VirtualThreadsAutoConfiguration.class,
				VirtualThreadsRedisAutoConfiguration.class))
		.withUserConfiguration(Container.class)
		.withPropertyValues("spring.threads.virtual.enabled=true");

	@Test
	void eachMessageRunsOnACountedVirtualThreadNamedAsBoot41NamesThem() {
		this.runner.run((context) -> {
			Thread thread = runOn(executor(context.getBean(RedisMessageListenerContainer.class)));
			assertThat(VirtualThreads.isVirtual(thread)).isTrue();
			assertThat(thread.getName()).startsWith("RedisMessageListenerContainer-");
			SeenByUsers.assertCounted(context.getBean(VirtualThreadRegistry.class),
					RedisListenerVirtualThreads.EXECUTOR_NAME, 1);
		});
	}

	@Test
	void aContainerWithItsOwnExecutorKeepsIt() {
		this.runner.withPropertyValues("test.own-executor=true")
			.run((context) -> assertThat(executor(context.getBean(RedisMessageListenerContainer.class)))
				.isSameAs(Container.EXECUTOR));
	}

	@Test
	void switchedOffTheContainerMakesItsOwnPlatformThreads() {
		this.runner.withPropertyValues("spring.threads.virtual.enabled=false").run((context) -> {
			Thread thread = runOn(executor(context.getBean(RedisMessageListenerContainer.class)));
			assertThat(VirtualThreads.isVirtual(thread)).isFalse();
		});
	}

	@Test
	void withoutAContainerNoExecutorIsCreated() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(VirtualThreadsAutoConfiguration.class,
					VirtualThreadsRedisAutoConfiguration.class))
			.withPropertyValues("spring.threads.virtual.enabled=true")
			.run((context) -> assertThat(context.getBean(VirtualThreadRegistry.class).all())
				.noneMatch((stats) -> stats.getName().equals(RedisListenerVirtualThreads.EXECUTOR_NAME)));
	}

	private static Executor executor(RedisMessageListenerContainer container) {
		return (Executor) TaskExecutorField.read(RedisMessageListenerContainer.class, container);
	}

	private static Thread runOn(Executor executor) throws Exception {
		CompletableFuture<Thread> thread = new CompletableFuture<>();
		executor.execute(() -> thread.complete(Thread.currentThread()));
		return thread.get(10, TimeUnit.SECONDS);
	}

	@Configuration(proxyBeanMethods = false)
	static class Container {

		static final SimpleAsyncTaskExecutor EXECUTOR = new SimpleAsyncTaskExecutor("mine-");

		@Bean
		RedisMessageListenerContainer redisMessageListenerContainer(Environment environment) {
			RedisMessageListenerContainer container = new RedisMessageListenerContainer();
			container.setConnectionFactory(mock(RedisConnectionFactory.class));
			if (environment.getProperty("test.own-executor", Boolean.class, false)) {
				container.setTaskExecutor(EXECUTOR);
			}
			return container;
		}

	}

}
