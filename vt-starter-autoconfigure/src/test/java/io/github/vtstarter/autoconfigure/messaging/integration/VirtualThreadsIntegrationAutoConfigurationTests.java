package io.github.vtstarter.autoconfigure.messaging.integration;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.vtstarter.autoconfigure.BootVersion;
import io.github.vtstarter.autoconfigure.scheduling.VirtualThreadsTaskSchedulingAutoConfiguration;
import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.pinning.Eventually;
import io.github.vtstarter.scheduling.VirtualThreadTaskScheduler;
import io.github.vtstarter.testsupport.Precondition;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import io.github.vtstarter.threads.VirtualThreads;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.integration.IntegrationAutoConfiguration;
import org.springframework.boot.autoconfigure.task.TaskSchedulingAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.integration.channel.QueueChannel;
import org.springframework.integration.context.IntegrationContextUtils;
import org.springframework.integration.dsl.IntegrationFlow;
import org.springframework.integration.dsl.Pollers;
import org.springframework.messaging.MessageHandler;
import org.springframework.messaging.support.GenericMessage;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Spring Integration's scheduler: a polled endpoint runs on a counted virtual thread ({@code scheduling-N}) up to
 * Boot 3.3, as with Boot 3.4+'s own; switched off, Boot's platform {@code ThreadPoolTaskScheduler}; a scheduler of
 * the application's is used as is.
 */
@Precondition(Precondition.VirtualThreads.class)
class VirtualThreadsIntegrationAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(VirtualThreadsAutoConfiguration.class,
				VirtualThreadsTaskSchedulingAutoConfiguration.class, VirtualThreadsIntegrationAutoConfiguration.class,
				TaskSchedulingAutoConfiguration.class, IntegrationAutoConfiguration.class))
		.withUserConfiguration(PolledFlow.class);

	@Test
	void aPolledEndpointRunsOnACountedVirtualThread() {
		this.runner.withPropertyValues("spring.threads.virtual.enabled=true").run((context) -> {
			TaskScheduler scheduler = IntegrationContextUtils.getTaskScheduler(context.getBeanFactory());
			if (!BootVersion.current().isAtLeast("3.4")) {
				assertThat(scheduler).isInstanceOf(VirtualThreadTaskScheduler.class);
			}
			context.getBean("input", QueueChannel.class).send(new GenericMessage<>("hello"));
			Thread thread = context.getBean(PolledFlow.class).thread.get(30, TimeUnit.SECONDS);
			assertThat(VirtualThreads.isVirtual(thread)).isTrue();
			assertThat(thread.getName()).startsWith("scheduling-");
			if (!BootVersion.current().isAtLeast("3.4")) {
				Eventually.await(Duration.ofSeconds(10),
						() -> context.getBean(VirtualThreadRegistry.class).stats("taskScheduler").getStarted() > 0);
			}
		});
	}

	@Test
	void switchedOffBootsPlatformSchedulerIsUsed() {
		this.runner.withPropertyValues("spring.threads.virtual.enabled=false").run((context) -> {
			assertThat(context).doesNotHaveBean(VirtualThreadTaskScheduler.class);
			assertThat(IntegrationContextUtils.getTaskScheduler(context.getBeanFactory()))
				.isInstanceOf(ThreadPoolTaskScheduler.class);
		});
	}

	@Test
	void theApplicationsSchedulerWins() {
		assumeTrue(!BootVersion.current().isAtLeast("3.4"), "Boot 3.4+ configures this itself");
		this.runner.withPropertyValues("spring.threads.virtual.enabled=true")
			.withBean("taskScheduler", ThreadPoolTaskScheduler.class, ThreadPoolTaskScheduler::new)
			.run((context) -> {
				assertThat(context).doesNotHaveBean(VirtualThreadTaskScheduler.class);
				assertThat(context.getBean("taskScheduler")).isInstanceOf(ThreadPoolTaskScheduler.class);
			});
	}

	@Configuration(proxyBeanMethods = false)
	static class PolledFlow {

		final CompletableFuture<Thread> thread = new CompletableFuture<>();

		@Bean
		QueueChannel input() {
			return new QueueChannel();
		}

		@Bean
		IntegrationFlow polled() {
			return IntegrationFlow.from("input")
				.handle((MessageHandler) (message) -> this.thread.complete(Thread.currentThread()),
						(endpoint) -> endpoint.poller(Pollers.fixedDelay(Duration.ofMillis(50))))
				.get();
		}

	}

}
