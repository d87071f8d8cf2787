package io.github.vtstarter.autoconfigure.counting;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import io.github.vtstarter.autoconfigure.BootVersion;
import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.pinning.Eventually;
import io.github.vtstarter.pinning.TestJdk;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import io.github.vtstarter.threads.VirtualThreadStats;
import io.github.vtstarter.threads.VirtualThreads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.task.TaskExecutionAutoConfiguration;
import org.springframework.boot.autoconfigure.task.TaskSchedulingAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.Scheduled;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@link BootVirtualThreadsCountingAutoConfiguration}: on Boot 3.2+ Boot's own virtual
 * {@code applicationTaskExecutor} is counted; on Boot 3.1 nothing is registered.
 */
@EnabledIf(TestJdk.VIRTUAL_THREADS)
class BootVirtualThreadsCountingAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(VirtualThreadsAutoConfiguration.class,
				BootVirtualThreadsCountingAutoConfiguration.class, TaskExecutionAutoConfiguration.class))
		.withPropertyValues("spring.threads.virtual.enabled=true");

	@Test
	void bootsVirtualApplicationTaskExecutorIsCountedOnBoot32AndLater() {
		assumeTrue(BootVersion.current().hasNativeVirtualThreads(), "Boot 3.1 has no virtual executor of its own");
		this.runner.run((context) -> {
			Executor executor = context.getBean("applicationTaskExecutor", Executor.class);
			CompletableFuture<Thread> thread = new CompletableFuture<>();
			executor.execute(() -> thread.complete(Thread.currentThread()));
			Thread ran = thread.get(10, TimeUnit.SECONDS);
			assertThat(VirtualThreads.isVirtual(ran)).isTrue();
			assertThat(ran.getName()).startsWith("task-");
			VirtualThreadStats stats = context.getBean(VirtualThreadRegistry.class).stats("applicationTaskExecutor");
			Eventually.await(Duration.ofSeconds(10), () -> stats.getCompleted() == 1);
			assertThat(stats.getStarted()).isEqualTo(1);
			assertThat(stats.getLive()).isZero();
		});
	}

	@Test
	void bootsVirtualTaskSchedulerRunsAreCountedButNotItsTimerThreads() {
		assumeTrue(BootVersion.current().hasNativeVirtualThreads(), "Boot 3.1 has no virtual scheduler of its own");
		this.runner.withConfiguration(AutoConfigurations.of(TaskSchedulingAutoConfiguration.class))
			.withUserConfiguration(FixedRateJob.class)
			.run((context) -> {
				assertThat(context.getBean("taskScheduler").getClass().getName())
					.isEqualTo(BootTaskExecutorCounter.SCHEDULER_CLASS);
				VirtualThreadStats stats = context.getBean(VirtualThreadRegistry.class).stats("taskScheduler");
				Eventually.await(Duration.ofSeconds(10), () -> stats.getCompleted() >= 3);
				assertThat(FixedRateJob.thread.get().getName()).startsWith("scheduling-");
				assertThat(VirtualThreads.isVirtual(FixedRateJob.thread.get())).isTrue();
				// The scheduler's long-lived timer thread is a pool worker, not a task: were it counted, live would
				// never come back to 0 between two runs.
				Eventually.await(Duration.ofSeconds(10), () -> stats.getLive() == 0);
			});
	}

	@Test
	void notRegisteredOnBoot31() {
		assumeTrue(!BootVersion.current().hasNativeVirtualThreads());
		this.runner.run((context) -> assertThat(context).doesNotHaveBean(BootTaskExecutorCounter.class));
	}

	@Configuration(proxyBeanMethods = false)
	@EnableScheduling
	static class FixedRateJob {

		static final AtomicReference<Thread> thread = new AtomicReference<>();

		@Scheduled(fixedRate = 20)
		void run() {
			thread.set(Thread.currentThread());
		}

	}

}
