package io.github.vtstarter.autoconfigure.task;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.vtstarter.autoconfigure.InvalidVirtualThreadsPropertyException;
import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.task.VirtualThreadTaskExecutor;
import io.github.vtstarter.testsupport.EnabledWith.Runtime;
import io.github.vtstarter.testsupport.EnabledWith;
import io.github.vtstarter.testsupport.ThreadInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.task.TaskExecutionAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.task.AsyncTaskExecutor;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.core.task.TaskDecorator;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The application task executor, wired as Boot 3.1 would wire its own: conditions, names, properties.
 */
@EnabledWith(Runtime.BACKPORT)
@ExtendWith(OutputCaptureExtension.class)
class VirtualThreadsTaskExecutionAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(VirtualThreadsAutoConfiguration.class,
				VirtualThreadsTaskExecutionAutoConfiguration.class, TaskExecutionAutoConfiguration.class));

	@Test
	void applicationTaskExecutorRunsTasksOnNamedVirtualThreads() {
		this.runner.run((context) -> {
			assertThat(context).hasSingleBean(VirtualThreadTaskExecutor.class)
				.doesNotHaveBean(ThreadPoolTaskExecutor.class);
			assertThat(context.getBean("taskExecutor")).isSameAs(context.getBean("applicationTaskExecutor"));
			ThreadInfo ran = runOn(context.getBean("applicationTaskExecutor", AsyncTaskExecutor.class));
			assertThat(ran.virtual()).isTrue();
			assertThat(ran.name()).startsWith("task-");
		});
	}

	@Test
	void threadNamePrefixComesFromBootsProperty() {
		this.runner.withPropertyValues("spring.task.execution.thread-name-prefix=work-").run((context) -> {
			assertThat(runOn(context.getBean(AsyncTaskExecutor.class)).name()).startsWith("work-");
		});
	}

	@Test
	void switchedOffLeavesBootsThreadPool() {
		this.runner.withPropertyValues("spring.threads.virtual.enabled=false").run((context) -> {
			assertThat(context).doesNotHaveBean(VirtualThreadTaskExecutor.class)
				.hasSingleBean(ThreadPoolTaskExecutor.class);
			assertThat(context.getBean(ThreadPoolTaskExecutor.class).getThreadNamePrefix()).isEqualTo("task-");
		});
	}

	@Test
	void userExecutorWins() {
		this.runner.withUserConfiguration(UserExecutor.class).run((context) -> {
			assertThat(context).doesNotHaveBean(VirtualThreadTaskExecutor.class)
				.doesNotHaveBean(ThreadPoolTaskExecutor.class);
			assertThat(context.getBean(Executor.class)).isInstanceOf(SimpleAsyncTaskExecutor.class);
		});
	}

	@Test
	void taskDecoratorIsApplied() {
		this.runner.withUserConfiguration(Decorator.class).run((context) -> {
			AsyncTaskExecutor executor = context.getBean(AsyncTaskExecutor.class);
			Future<String> result = executor.submit(() -> Decorator.VALUE.get());
			assertThat(result.get(5, TimeUnit.SECONDS)).isEqualTo("decorated");
		});
	}

	@Test
	void concurrencyLimitHolds() {
		this.runner.withPropertyValues("spring.task.execution.simple.concurrency-limit=2").run((context) -> {
			VirtualThreadTaskExecutor executor = context.getBean(VirtualThreadTaskExecutor.class);
			assertThat(executor.getConcurrencyLimit()).isEqualTo(2);
			AtomicInteger running = new AtomicInteger();
			AtomicInteger maxRunning = new AtomicInteger();
			CountDownLatch release = new CountDownLatch(1);
			CountDownLatch done = new CountDownLatch(6);
			AtomicInteger handedOver = new AtomicInteger();
			// The submitter waits for a free slot, so it runs on its own thread.
			Thread submitter = new Thread(() -> {
				for (int i = 0; i < 6; i++) {
					handedOver.incrementAndGet();
					executor.execute(() -> {
						maxRunning.accumulateAndGet(running.incrementAndGet(), Math::max);
						try {
							release.await();
						}
						catch (InterruptedException ex) {
							Thread.currentThread().interrupt();
						}
						running.decrementAndGet();
						done.countDown();
					});
				}
			});
			submitter.start();
			// Two run; the third execute() blocks its caller (back-pressure, as in Boot 3.2) rather than queueing.
			await().atMost(Duration.ofSeconds(10))
				.until(() -> running.get() == 2 && handedOver.get() == 3 && submitter.getState() == Thread.State.WAITING);
			release.countDown();
			assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
			assertThat(maxRunning.get()).isEqualTo(2);
		});
	}

	@Test
	void invalidConcurrencyLimitFailsWithThePropertyName() {
		this.runner.withPropertyValues("spring.task.execution.simple.concurrency-limit=0").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(InvalidVirtualThreadsPropertyException.class)
				.hasMessageContaining("spring.task.execution.simple.concurrency-limit");
		});
	}

	@Test
	void aNegativeConcurrencyLimitMeansNoLimitAsInBoot32() {
		this.runner.withPropertyValues("spring.task.execution.simple.concurrency-limit=-5")
			.run((context) -> {
				VirtualThreadTaskExecutor executor = context.getBean(VirtualThreadTaskExecutor.class);
				assertThat(executor.getConcurrencyLimit()).isEqualTo(-1);
				assertThat(ConcurrentTasks.allRunAtOnce(executor, 10)).as("no limit applies: 10 tasks at once").isTrue();
			});
	}

	@Test
	void awaitTerminationWithoutAPeriodDoesNotWaitAsInBootAndSaysSo(CapturedOutput output) {
		CountDownLatch release = new CountDownLatch(1);
		long[] closedAfterNanos = new long[1];
		this.runner.withPropertyValues("spring.task.execution.shutdown.await-termination=true").run((context) -> {
			CountDownLatch started = new CountDownLatch(1);
			context.getBean(AsyncTaskExecutor.class).execute(() -> {
				started.countDown();
				awaitQuietly(release);
			});
			assertThat(started.await(5, TimeUnit.SECONDS)).isTrue();
			closedAfterNanos[0] = System.nanoTime();
		});
		long closeNanos = System.nanoTime() - closedAfterNanos[0];
		release.countDown();
		assertThat(Duration.ofNanos(closeNanos)).isLessThan(Duration.ofSeconds(5));
		assertThat(output).contains("1 task(s) of applicationTaskExecutor still running at shutdown")
			.contains("await-termination is on without a termination period, so nothing waits");
		// Nothing was waited for, as configured: INFO, no alarm.
		assertThat(shutdownLine(output)).contains(" INFO ").doesNotContain(" WARN ");
	}

	@Test
	void gracefulShutdownWaitsForInFlightTask() {
		AtomicBoolean finished = new AtomicBoolean();
		this.runner
			.withPropertyValues("spring.task.execution.shutdown.await-termination=true",
					"spring.task.execution.shutdown.await-termination-period=10s")
			.run((context) -> {
				CountDownLatch started = new CountDownLatch(1);
				context.getBean(AsyncTaskExecutor.class).execute(() -> {
					started.countDown();
					sleep(Duration.ofMillis(700));
					finished.set(true);
				});
				assertThat(started.await(5, TimeUnit.SECONDS)).isTrue();
			});
		// the runner closed the context: the task must have been waited for
		assertThat(finished).isTrue();
	}

	@Test
	void gracefulShutdownRejectsNewTasksAndReportsTasksStillRunning(CapturedOutput output) {
		CountDownLatch release = new CountDownLatch(1);
		AsyncTaskExecutor[] executor = new AsyncTaskExecutor[1];
		this.runner.withPropertyValues("spring.task.execution.shutdown.await-termination=true",
				"spring.task.execution.shutdown.await-termination-period=200ms")
			.run((context) -> {
				executor[0] = context.getBean(AsyncTaskExecutor.class);
				executor[0].execute(() -> {
					try {
						release.await();
					}
					catch (InterruptedException ex) {
						Thread.currentThread().interrupt();
					}
				});
			});
		release.countDown();
		assertThat(output).contains("1 task(s) of applicationTaskExecutor still running at shutdown after the "
				+ "termination period of PT0.2S").contains("task-");
		// The wait the application asked for ran out: a WARN, as Spring's own executors give.
		assertThat(shutdownLine(output)).contains(" WARN ");
		CompletableFuture<Void> rejected = new CompletableFuture<>();
		try {
			executor[0].execute(() -> {
			});
		}
		catch (RuntimeException ex) {
			rejected.complete(null);
		}
		assertThat(rejected).isDone();
	}

	private static ThreadInfo runOn(AsyncTaskExecutor executor) throws Exception {
		return executor.submit(ThreadInfo::current).get(5, TimeUnit.SECONDS);
	}

	private static void awaitQuietly(CountDownLatch latch) {
		try {
			latch.await(10, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private static void sleep(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class UserExecutor {

		@Bean
		SimpleAsyncTaskExecutor myExecutor() {
			return new SimpleAsyncTaskExecutor("mine-");
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class Decorator {

		static final ThreadLocal<String> VALUE = new ThreadLocal<>();

		@Bean
		TaskDecorator taskDecorator() {
			return (task) -> () -> {
				VALUE.set("decorated");
				try {
					task.run();
				}
				finally {
					VALUE.remove();
				}
			};
		}

	}

	private static String shutdownLine(CapturedOutput output) {
		List<String> lines = output.getOut().lines().filter((line) -> line.contains("still running at shutdown")).toList();
		assertThat(lines).hasSize(1);
		return lines.get(0);
	}

}
