package io.github.vtstarter.autoconfigure.counting;

import io.github.vtstarter.autoconfigure.ConditionalOnVirtualThreads;
import io.github.vtstarter.autoconfigure.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.threads.VirtualThreadRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Counts the virtual threads of Boot 3.2+'s own executors where they can be wrapped: the
 * {@code applicationTaskExecutor} ({@link BootVirtualTaskExecutorCounter}) and Tomcat's request executor
 * ({@link BootTomcatExecutorCounter}). Only on Boot 3.2+ (where Boot's {@code Threading} class exists) with
 * virtual threads on; on Boot 3.1 the starter's own executors are counted already. Boot's Jetty thread pool,
 * Undertow executor and {@code taskScheduler} are not counted.
 */
@AutoConfiguration(after = VirtualThreadsAutoConfiguration.class)
@ConditionalOnVirtualThreads
@ConditionalOnClass(name = "org.springframework.boot.autoconfigure.thread.Threading")
public class BootVirtualThreadsCountingAutoConfiguration {

	@Bean
	static BootVirtualTaskExecutorCounter bootVirtualTaskExecutorCounter(
			ObjectProvider<VirtualThreadRegistry> registry) {
		return new BootVirtualTaskExecutorCounter(registry);
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnWebApplication
	@ConditionalOnClass(name = BootTomcatExecutorCounter.TOMCAT_VIRTUAL_THREAD_EXECUTOR)
	@ConditionalOnBean(VirtualThreadRegistry.class)
	static class TomcatConfiguration {

		@Bean
		BootTomcatExecutorCounter bootTomcatExecutorCounter(VirtualThreadRegistry registry) {
			return new BootTomcatExecutorCounter(registry);
		}

	}

}
