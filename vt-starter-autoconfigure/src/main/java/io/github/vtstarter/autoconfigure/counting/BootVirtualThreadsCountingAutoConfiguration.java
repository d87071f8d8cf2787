package io.github.vtstarter.autoconfigure.counting;

import io.github.vtstarter.autoconfigure.condition.ConditionalOnBootSupport;
import io.github.vtstarter.autoconfigure.condition.ConditionalOnVirtualThreads;
import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.threads.VirtualThreadRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Counts the virtual threads of Boot 3.2+'s own executors, so that {@code /actuator/virtualthreads} and the
 * {@code executor.*} meters show what they show with the backport: the {@code applicationTaskExecutor} and the
 * {@code taskScheduler} ({@link BootTaskExecutorCounter}), and the embedded server's requests on Tomcat,
 * Jetty or Undertow ({@link BootWebServerCounter}). Only on Boot 3.2+ (decided by Boot's version, which does not
 * move between packages as Boot's {@code Threading} class did) with virtual threads on; on Boot 3.1 the
 * starter's own executors are counted already.
 */
@AutoConfiguration(after = VirtualThreadsAutoConfiguration.class)
@ConditionalOnVirtualThreads
@ConditionalOnBootSupport(since = "3.2")
public class BootVirtualThreadsCountingAutoConfiguration {

	@Bean
	static BootTaskExecutorCounter bootTaskExecutorCounter(ObjectProvider<VirtualThreadRegistry> registry) {
		return new BootTaskExecutorCounter(registry);
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnWebApplication
	// Boot 3 keeps it in spring-boot, Boot 4 in spring-boot-web-server: same name on every line.
	@ConditionalOnClass(name = "org.springframework.boot.web.server.WebServerFactoryCustomizer")
	@ConditionalOnBean(VirtualThreadRegistry.class)
	static class WebServerConfiguration {

		@Bean
		BootWebServerCounter bootWebServerCounter(VirtualThreadRegistry registry) {
			return new BootWebServerCounter(registry);
		}

	}

}
