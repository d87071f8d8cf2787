package io.github.vtstarter.autoconfigure.counting;

import io.github.vtstarter.autoconfigure.ConditionalOnVirtualThreads;
import io.github.vtstarter.autoconfigure.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.threads.VirtualThreadRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;

/**
 * Counts the virtual threads of Boot 3.2+'s own {@code applicationTaskExecutor} (see
 * {@link BootVirtualTaskExecutorCounter}). Only on Boot 3.2+ (where Boot's {@code Threading} class exists)
 * with virtual threads on; on Boot 3.1 the starter's own executors are counted already.
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

}
