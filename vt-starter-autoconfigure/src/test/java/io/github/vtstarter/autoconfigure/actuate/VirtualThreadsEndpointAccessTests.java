package io.github.vtstarter.autoconfigure.actuate;

import io.github.vtstarter.autoconfigure.BootVersion;
import io.github.vtstarter.autoconfigure.pinning.PinningAutoConfiguration;
import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.convert.ApplicationConversionService;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.convert.support.ConfigurableConversionService;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Boot 3.4+'s endpoint access control ({@code management.endpoint.virtualthreads.access}), which the docs give as
 * the switch there, applies to the endpoint like to Boot's own.
 */
class VirtualThreadsEndpointAccessTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(VirtualThreadsAutoConfiguration.class, PinningAutoConfiguration.class,
				VirtualThreadsEndpointAutoConfiguration.class))
		.withPropertyValues("management.endpoints.web.exposure.include=virtualthreads")
		// as in a SpringApplication, so that "read-only" reads as Access.READ_ONLY
		.withInitializer((context) -> context.getEnvironment()
			.setConversionService((ConfigurableConversionService) ApplicationConversionService.getSharedInstance()));

	@Test
	void accessNoneRemovesTheEndpoint() {
		assumeTrue(BootVersion.current().isAtLeast("3.4"), "endpoint access control exists from Boot 3.4");
		this.runner.withPropertyValues("management.endpoint.virtualthreads.access=none")
			.run((context) -> assertThat(context).doesNotHaveBean(VirtualThreadsEndpoint.class));
		this.runner.withPropertyValues("management.endpoints.access.default=none")
			.run((context) -> assertThat(context).doesNotHaveBean(VirtualThreadsEndpoint.class));
	}

	@Test
	void readOnlyAccessKeepsEveryOperationOfTheEndpoint() {
		assumeTrue(BootVersion.current().isAtLeast("3.4"), "endpoint access control exists from Boot 3.4");
		this.runner.withPropertyValues("management.endpoint.virtualthreads.access=read-only")
			.run((context) -> assertThat(context.getBean(VirtualThreadsEndpoint.class).virtualThreads())
				.containsKeys("enabled", "executors", "pinning"));
	}

}
