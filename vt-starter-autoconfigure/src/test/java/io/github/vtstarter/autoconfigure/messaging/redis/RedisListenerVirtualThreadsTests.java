package io.github.vtstarter.autoconfigure.messaging.redis;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import io.github.vtstarter.autoconfigure.messaging.SeenByUsers;
import io.github.vtstarter.autoconfigure.messaging.servers.LocalServer;
import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.pinning.Eventually;
import io.github.vtstarter.testsupport.Precondition;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import io.github.vtstarter.threads.VirtualThreadStats;
import io.github.vtstarter.threads.VirtualThreads;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.data.redis.RedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.listener.ChannelTopic;
import org.springframework.data.redis.listener.RedisMessageListenerContainer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A real Redis server (Debian's redis-server, started on a free port) publishes to a
 * {@link RedisMessageListenerContainer} bean without an executor of its own: the listener runs on a counted
 * virtual thread named {@code RedisMessageListenerContainer-N}; switched off it runs on a platform thread; a
 * container with its own executor keeps it.
 */
@Precondition({ Precondition.VirtualThreads.class, LocalServer.RedisInstalled.class })
class RedisListenerVirtualThreadsTests {

	private static LocalServer redis;

	@BeforeAll
	static void startRedis() throws Exception {
		redis = LocalServer.start(LocalServer.Server.REDIS,
				(binary, port, dir) -> List.of(binary, "--port", String.valueOf(port), "--bind", "127.0.0.1",
						"--dir", dir.toString(), "--save", "", "--appendonly", "no"),
				(port, dir) -> Map.of());
	}

	@AfterAll
	static void stopRedis() throws Exception {
		if (redis != null) {
			redis.close();
		}
	}

	private ApplicationContextRunner runner() {
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(VirtualThreadsAutoConfiguration.class,
					VirtualThreadsRedisAutoConfiguration.class, RedisAutoConfiguration.class))
			.withUserConfiguration(Listener.class)
			.withPropertyValues("spring.data.redis.host=127.0.0.1", "spring.data.redis.port=" + redis.port());
	}

	@Test
	void listenerRunsOnACountedVirtualThread() {
		runner().withPropertyValues("spring.threads.virtual.enabled=true").run((context) -> {
			Thread thread = publishUntilHeard(context.getBean(StringRedisTemplate.class), context.getBean(Listener.class));
			assertThat(VirtualThreads.isVirtual(thread)).isTrue();
			assertThat(thread.getName()).startsWith("RedisMessageListenerContainer-");
			VirtualThreadStats stats = context.getBean(VirtualThreadRegistry.class)
				.stats(RedisListenerVirtualThreads.EXECUTOR_NAME);
			// A task per message.
			Eventually.await(Duration.ofSeconds(10), () -> stats.getCompleted() >= 1 && stats.getLive() == 0);
			SeenByUsers.assertCounted(context.getBean(VirtualThreadRegistry.class),
					RedisListenerVirtualThreads.EXECUTOR_NAME, 1);
		});
	}

	@Test
	void switchedOffTheListenerRunsOnAPlatformThread() {
		runner().withPropertyValues("spring.threads.virtual.enabled=false").run((context) -> {
			assertThat(context).doesNotHaveBean(RedisListenerVirtualThreads.class);
			Thread thread = publishUntilHeard(context.getBean(StringRedisTemplate.class), context.getBean(Listener.class));
			assertThat(VirtualThreads.isVirtual(thread)).isFalse();
		});
	}

	@Test
	void aContainerWithItsOwnExecutorKeepsIt() {
		runner().withPropertyValues("spring.threads.virtual.enabled=true", "test.own-executor=true").run((context) -> {
			Thread thread = publishUntilHeard(context.getBean(StringRedisTemplate.class), context.getBean(Listener.class));
			assertThat(VirtualThreads.isVirtual(thread)).isFalse();
			assertThat(thread.getName()).startsWith("mine-");
		});
	}

	/** Pub/sub keeps nothing for late subscribers: publishes until the container has subscribed and heard one. */
	private static Thread publishUntilHeard(StringRedisTemplate template, Listener listener) throws Exception {
		Eventually.await(Duration.ofSeconds(30), () -> {
			template.convertAndSend("vt", "hello");
			return listener.thread.isDone();
		});
		return listener.thread.get();
	}

	@Configuration(proxyBeanMethods = false)
	static class Listener {

		final CompletableFuture<Thread> thread = new CompletableFuture<>();

		@Bean
		RedisMessageListenerContainer redisMessageListenerContainer(RedisConnectionFactory connectionFactory,
				org.springframework.core.env.Environment environment) {
			RedisMessageListenerContainer container = new RedisMessageListenerContainer();
			container.setConnectionFactory(connectionFactory);
			container.addMessageListener((message, pattern) -> this.thread.complete(Thread.currentThread()),
					new ChannelTopic("vt"));
			if (environment.getProperty("test.own-executor", Boolean.class, false)) {
				container.setTaskExecutor(new SimpleAsyncTaskExecutor("mine-"));
			}
			return container;
		}

	}

}
