package io.github.vtstarter.autoconfigure.scheduling;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.vtstarter.autoconfigure.task.VirtualThreadsTaskExecutionAutoConfiguration;
import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.testsupport.EnabledWith.Runtime;
import io.github.vtstarter.testsupport.EnabledWith;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.task.TaskExecutionAutoConfiguration;
import org.springframework.boot.autoconfigure.task.TaskSchedulingAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.Scheduled;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code spring.task.scheduling.shutdown.*} on the backported scheduler, with a {@code @Scheduled} job running when
 * the context closes: awaited for up to the period with await-termination on; left to finish on its own (not
 * interrupted, as with Boot 3.2+'s virtual-thread scheduler) and named in a WARN with it off.
 */
@EnabledWith(Runtime.BACKPORT)
@ExtendWith(OutputCaptureExtension.class)
class ScheduledJobShutdownTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(VirtualThreadsAutoConfiguration.class,
				VirtualThreadsTaskExecutionAutoConfiguration.class, VirtualThreadsTaskSchedulingAutoConfiguration.class,
				TaskExecutionAutoConfiguration.class, TaskSchedulingAutoConfiguration.class))
		.withUserConfiguration(SlowJob.class);

	@Test
	void withAwaitTerminationARunningJobIsAwaitedWhenTheContextCloses() throws Exception {
		SlowJob.reset(Duration.ofMillis(700));
		this.runner
			.withPropertyValues("spring.task.scheduling.shutdown.await-termination=true",
					"spring.task.scheduling.shutdown.await-termination-period=30s")
			.run((context) -> assertThat(SlowJob.started.await(10, TimeUnit.SECONDS)).isTrue());
		// the runner has closed the context: the job must have been waited for
		assertThat(SlowJob.finished).isTrue();
	}

	@Test
	void withoutAwaitTerminationTheContextClosesWhileTheJobRunsAndSaysSo(CapturedOutput output) throws Exception {
		SlowJob.reset(null);
		try {
			this.runner.run((context) -> assertThat(SlowJob.started.await(10, TimeUnit.SECONDS)).isTrue());
			// The job waits for the release below, which only comes after close() returned: close() did not wait.
			assertThat(SlowJob.finished).isFalse();
			assertThat(output).contains("1 task(s) of taskScheduler still running at shutdown (await-termination is off)")
				.contains("scheduling-");
			// Not waiting is what was configured: said at INFO, no alarm.
			assertThat(output.getOut().lines().filter((line) -> line.contains("still running at shutdown")).toList())
				.singleElement()
				.asString()
				.contains(" INFO ")
				.doesNotContain(" WARN ");
		}
		finally {
			SlowJob.release.countDown();
		}
		// nor was it interrupted: it goes on to its end
		assertThat(SlowJob.ended.await(10, TimeUnit.SECONDS)).isTrue();
		assertThat(SlowJob.finished).isTrue();
		assertThat(SlowJob.interrupted).isFalse();
	}

	@Configuration(proxyBeanMethods = false)
	@EnableScheduling
	static class SlowJob {

		static volatile CountDownLatch started;

		static volatile CountDownLatch release;

		static volatile CountDownLatch ended;

		static volatile Duration work;

		static final AtomicBoolean finished = new AtomicBoolean();

		static final AtomicBoolean interrupted = new AtomicBoolean();

		static void reset(Duration workTime) {
			started = new CountDownLatch(1);
			release = new CountDownLatch(1);
			ended = new CountDownLatch(1);
			work = workTime;
			finished.set(false);
			interrupted.set(false);
		}

		@Scheduled(fixedDelay = 60_000)
		void run() {
			if (started.getCount() == 0) {
				return;
			}
			started.countDown();
			try {
				if (work != null) {
					Thread.sleep(work.toMillis());
				}
				else {
					release.await(30, TimeUnit.SECONDS);
				}
				finished.set(true);
			}
			catch (InterruptedException ex) {
				interrupted.set(true);
				Thread.currentThread().interrupt();
			}
			finally {
				ended.countDown();
			}
		}

	}

}
