package io.github.vtstarter.autoconfigure.messaging.redis;

import io.github.vtstarter.autoconfigure.condition.ConditionalOnVirtualThreads;
import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.threads.VirtualThreadRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;

/**
 * Redis message listeners on virtual threads ({@code RedisMessageListenerContainer-N}), counted under
 * {@code redisMessageListener}, on every Boot line: see {@link RedisListenerVirtualThreads}. Only Spring Data
 * Redis's own types are used, which did not move in Boot 4.
 * <p>
 * Not backported: the executor Boot 3.2+ gives the Lettuce and Jedis connection factories ({@code redis-}, used
 * for cluster commands). Spring Data Redis 3.1, the one of Boot 3.1, has no such setting.
 */
@AutoConfiguration(after = VirtualThreadsAutoConfiguration.class)
@ConditionalOnClass(name = "org.springframework.data.redis.listener.RedisMessageListenerContainer")
@ConditionalOnVirtualThreads
public class VirtualThreadsRedisAutoConfiguration {

	@Bean
	static RedisListenerVirtualThreads redisListenerVirtualThreads(ObjectProvider<VirtualThreadRegistry> registry) {
		return new RedisListenerVirtualThreads(registry);
	}

}
