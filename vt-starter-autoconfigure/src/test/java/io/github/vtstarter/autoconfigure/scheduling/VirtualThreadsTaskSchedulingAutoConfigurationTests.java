package io.github.vtstarter.autoconfigure.scheduling;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Executors;

import io.github.vtstarter.autoconfigure.task.VirtualThreadsTaskExecutionAutoConfiguration;
import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.scheduling.VirtualThreadTaskScheduler;
import io.github.vtstarter.testsupport.EnabledWith.Runtime;
import io.github.vtstarter.testsupport.EnabledWith;
import io.github.vtstarter.testsupport.ThreadInfo;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.task.TaskExecutionAutoConfiguration;
import org.springframework.boot.autoconfigure.task.TaskSchedulingAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code @Scheduled} methods on virtual threads, wired as Boot 3.1 would wire its own scheduler.
 */
@EnabledWith(Runtime.BACKPORT)
class VirtualThreadsTaskSchedulingAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(VirtualThreadsAutoConfiguration.class,
				VirtualThreadsTaskExecutionAutoConfiguration.class, VirtualThreadsTaskSchedulingAutoConfiguration.class,
				TaskExecutionAutoConfiguration.class, TaskSchedulingAutoConfiguration.class));

	@Test
	void scheduledMethodsRunOnNamedVirtualThreads() {
		this.runner.withUserConfiguration(Jobs.class).run((context) -> {
			assertThat(context).hasSingleBean(VirtualThreadTaskScheduler.class)
				.doesNotHaveBean(ThreadPoolTaskScheduler.class);
			assertThat(context.getBean("taskScheduler")).isInstanceOf(VirtualThreadTaskScheduler.class);
			Jobs jobs = context.getBean(Jobs.class);
			await().atMost(Duration.ofSeconds(5)).until(() -> jobs.rate.size() >= 2 && jobs.cron.size() >= 1);
			assertThat(jobs.rate).allSatisfy((ran) -> {
				assertThat(ran.virtual()).isTrue();
				assertThat(ran.name()).startsWith("scheduling-");
			});
			assertThat(jobs.cron.get(0).virtual()).isTrue();
		});
	}

	@Test
	void threadNamePrefixComesFromBootsProperty() {
		this.runner.withUserConfiguration(Jobs.class)
			.withPropertyValues("spring.task.scheduling.thread-name-prefix=tick-")
			.run((context) -> {
				Jobs jobs = context.getBean(Jobs.class);
				await().atMost(Duration.ofSeconds(5)).until(() -> !jobs.rate.isEmpty());
				assertThat(jobs.rate.get(0).name()).startsWith("tick-");
			});
	}

	@Test
	void withoutEnableSchedulingThereIsNoScheduler() {
		this.runner.run((context) -> assertThat(context).doesNotHaveBean(TaskScheduler.class));
	}

	@Test
	void switchedOffLeavesBootsScheduler() {
		this.runner.withUserConfiguration(Jobs.class)
			.withPropertyValues("spring.threads.virtual.enabled=false")
			.run((context) -> {
				assertThat(context).hasSingleBean(ThreadPoolTaskScheduler.class)
					.doesNotHaveBean(VirtualThreadTaskScheduler.class);
				Jobs jobs = context.getBean(Jobs.class);
				await().atMost(Duration.ofSeconds(5)).until(() -> !jobs.rate.isEmpty());
				assertThat(jobs.rate.get(0).virtual()).isFalse();
			});
	}

	@Test
	void userSchedulerWins() {
		this.runner.withUserConfiguration(Jobs.class, UserScheduler.class).run((context) -> {
			assertThat(context).doesNotHaveBean(VirtualThreadTaskScheduler.class)
				.doesNotHaveBean(ThreadPoolTaskScheduler.class)
				.hasSingleBean(ScheduledExecutorService.class);
		});
	}

	@Configuration(proxyBeanMethods = false)
	@EnableScheduling
	static class Jobs {

		final List<ThreadInfo> rate = new CopyOnWriteArrayList<>();

		final List<ThreadInfo> cron = new CopyOnWriteArrayList<>();

		@Scheduled(fixedRate = 50)
		void everyFiftyMillis() {
			this.rate.add(ThreadInfo.current());
		}

		@Scheduled(cron = "* * * * * *")
		void everySecond() {
			this.cron.add(ThreadInfo.current());
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class UserScheduler {

		@Bean(destroyMethod = "shutdown")
		ScheduledExecutorService myScheduler() {
			return Executors.newSingleThreadScheduledExecutor();
		}

	}

}
