package io.github.vtstarter.autoconfigure.task;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.vtstarter.autoconfigure.actuate.VirtualThreadsEndpoint;
import io.github.vtstarter.autoconfigure.actuate.VirtualThreadsEndpointAutoConfiguration;
import io.github.vtstarter.autoconfigure.metrics.VirtualThreadsMetricsAutoConfiguration;
import io.github.vtstarter.autoconfigure.pinning.PinningAutoConfiguration;
import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.testsupport.EnabledWith.Runtime;
import io.github.vtstarter.testsupport.EnabledWith;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.boot.actuate.autoconfigure.metrics.MetricsAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.metrics.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.task.TaskExecutionAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.task.AsyncTaskExecutor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * What a user sees of the backported {@code applicationTaskExecutor} through the endpoint and the meters: tasks that
 * throw are counted as failed, and with no limit set many tasks really run at once.
 */
@EnabledWith(Runtime.BACKPORT)
class ApplicationTaskExecutorCountsTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(VirtualThreadsAutoConfiguration.class,
				VirtualThreadsTaskExecutionAutoConfiguration.class, TaskExecutionAutoConfiguration.class,
				PinningAutoConfiguration.class, VirtualThreadsEndpointAutoConfiguration.class,
				MetricsAutoConfiguration.class, SimpleMetricsExportAutoConfiguration.class,
				VirtualThreadsMetricsAutoConfiguration.class))
		.withPropertyValues("management.endpoints.web.exposure.include=virtualthreads");

	@Test
	void aTaskThatThrowsIsCountedAsFailedInTheEndpointAndTheMeters() {
		this.runner.run((context) -> {
			AsyncTaskExecutor executor = context.getBean("applicationTaskExecutor", AsyncTaskExecutor.class);
			executor.submit(() -> "fine").get(5, TimeUnit.SECONDS);
			Future<?> failing = executor.submit(() -> {
				throw new IllegalStateException("boom");
			});
			assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> failing.get(5, TimeUnit.SECONDS));
			// submit() catches the exception in its FutureTask: what the thread itself throws is counted too.
			executor.execute(() -> {
				throw new IllegalStateException("uncaught");
			});
			VirtualThreadsEndpoint endpoint = context.getBean(VirtualThreadsEndpoint.class);
			// Awaitility fails an await on any uncaught exception by default; this one is thrown on purpose.
			await().dontCatchUncaughtExceptions()
				.atMost(Duration.ofSeconds(30))
				.untilAsserted(() -> assertThat(executorEntry(endpoint)).containsEntry("started", 3L)
					.containsEntry("live", 0L)
					.containsEntry("completed", 2L)
					.containsEntry("failed", 1L));
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			// Micrometer's executor.completed counts every task that ended, as ThreadPoolExecutor does.
			assertThat(meters.get("executor.completed").tag("name", "applicationTaskExecutor").functionCounter().count())
				.isEqualTo(3);
		});
	}

	@Test
	void withNoLimitSetFiftyTasksRunAtOnce() {
		this.runner.run((context) -> {
			AsyncTaskExecutor executor = context.getBean("applicationTaskExecutor", AsyncTaskExecutor.class);
			assertThat(ConcurrentTasks.allRunAtOnce(executor, 50)).as("50 tasks running at once").isTrue();
			assertThat(executorEntry(context.getBean(VirtualThreadsEndpoint.class))).containsEntry("peak", 50L);
		});
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> executorEntry(VirtualThreadsEndpoint endpoint) {
		Map<String, Object> executors = (Map<String, Object>) endpoint.virtualThreads().get("executors");
		return (Map<String, Object>) executors.get("applicationTaskExecutor");
	}

}
