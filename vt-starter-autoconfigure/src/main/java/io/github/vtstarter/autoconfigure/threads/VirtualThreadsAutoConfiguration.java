package io.github.vtstarter.autoconfigure.threads;

import io.github.vtstarter.autoconfigure.condition.ConditionalOnVirtualThreads;
import io.github.vtstarter.threads.VirtualThreadRegistry;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * The shared piece: the registry through which every virtual-thread executor the starter creates is
 * counted (for {@code /actuator/virtualthreads} and the meters).
 */
@AutoConfiguration
@ConditionalOnVirtualThreads
public class VirtualThreadsAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	public VirtualThreadRegistry virtualThreadRegistry() {
		return new VirtualThreadRegistry();
	}

}
