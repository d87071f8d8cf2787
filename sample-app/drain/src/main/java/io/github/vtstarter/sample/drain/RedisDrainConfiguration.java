package io.github.vtstarter.sample.drain;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.core.env.Environment;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.listener.ChannelTopic;
import org.springframework.data.redis.listener.RedisMessageListenerContainer;

/**
 * The drain case on Redis (profile {@value #PROFILE}): pub/sub on a redis-server that the benchmark starts on
 * 127.0.0.1. Pub/sub keeps no backlog (a message published while nobody listens is lost), so the container starts
 * with the application (Spring Data Redis 3.1's container always does) and the backlog is published, pipelined on one
 * connection, once the container listens; the clock runs from the first message published. The {@link RedisMessageListenerContainer} is an application's usual one, without an executor of
 * its own: Spring Data Redis then hands every message to a new platform thread ({@code SimpleAsyncTaskExecutor}), the
 * starter to a new virtual thread.
 */
@Configuration(proxyBeanMethods = false)
@Profile(RedisDrainConfiguration.PROFILE)
public class RedisDrainConfiguration {

	/** The profile that switches the Redis drain case on. */
	public static final String PROFILE = "drain-redis";

	static final String CHANNEL = "vtbench.drain";

	@Bean
	DrainExperiment drainExperiment(Environment environment) {
		Map<String, Object> settings = new LinkedHashMap<>();
		settings.put("channel", CHANNEL);
		return DrainExperiment.of("redis", environment, settings);
	}

	@Bean
	RedisMessageListenerContainer drainListenerContainer(RedisConnectionFactory connectionFactory,
			DrainExperiment experiment) {
		RedisMessageListenerContainer container = new RedisMessageListenerContainer();
		container.setConnectionFactory(connectionFactory);
		container.addMessageListener((message, pattern) -> {
			try {
				experiment.handle(new String(message.getBody()));
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}, new ChannelTopic(CHANNEL));
		return container;
	}

	@Bean
	Backlog redisBacklog(RedisMessageListenerContainer container, StringRedisTemplate template,
			DrainExperiment experiment) {
		return new Backlog() {

			@Override
			public void fill() {
				// pub/sub keeps nothing: the backlog is published once the container listens; fail early without a server
				template.execute((RedisCallback<String>) RedisConnection::ping);
			}

			@Override
			public void startConsumers() throws InterruptedException {
				long deadline = System.nanoTime() + 30_000_000_000L;
				while (!container.isListening()) {
					if (System.nanoTime() > deadline) {
						throw new IllegalStateException("the container did not subscribe within 30 s");
					}
					Thread.sleep(10);
				}
				// pipelined, 1,000 messages a round trip: publishing one by one, a round trip each, would make the
				// publisher, not the listeners, the bottleneck of the drain
				byte[] channel = CHANNEL.getBytes(StandardCharsets.UTF_8);
				for (int start = 0; start < experiment.messages(); start += 1000) {
					int from = start;
					int to = Math.min(experiment.messages(), start + 1000);
					template.executePipelined((RedisCallback<Object>) (connection) -> {
						for (int i = from; i < to; i++) {
							connection.publish(channel, ("m-" + i).getBytes(StandardCharsets.UTF_8));
						}
						return null;
					});
				}
			}

		};
	}

}
