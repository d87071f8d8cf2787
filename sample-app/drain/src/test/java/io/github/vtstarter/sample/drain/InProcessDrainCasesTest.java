package io.github.vtstarter.sample.drain;

import java.time.Duration;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The drain cases that need no broker, small (200 items, 5 ms each): {@code @Async} tasks, fixed-rate runs on the
 * {@code @Scheduled} scheduler and Spring Integration pollers drain every item, on the starter's virtual threads
 * ({@code task-N}, {@code scheduling-N}), and on platform threads with virtual threads off.
 */
@EnabledForJreRange(min = JRE.JAVA_21)
class InProcessDrainCasesTest {

	static final String SMALL = "vtbench.drain.messages=200";

	static final String QUICK = "vtbench.drain.work-ms=5";

	static void drainsEverything(DrainExperiment experiment, String threadPrefix, boolean virtual)
			throws InterruptedException {
		assertThat(experiment.awaitEnd(Duration.ofSeconds(30))).as("the run ended").isTrue();
		assertThat(experiment.result()).containsEntry("state", "DONE");
		assertThat(experiment.handled()).isGreaterThanOrEqualTo(200);
		assertThat(experiment.handlerThreads()).isNotEmpty().allMatch((name) -> name.startsWith(threadPrefix));
		assertThat(experiment.allVirtual()).isEqualTo(virtual);
	}

	@Nested
	@SpringBootTest(webEnvironment = WebEnvironment.NONE, properties = { SMALL, QUICK })
	@ActiveProfiles(AsyncDrainConfiguration.PROFILE)
	@DirtiesContext
	class Async {

		@Autowired
		DrainExperiment experiment;

		@Test
		void everyCallRunsOnAVirtualTaskThread() throws InterruptedException {
			drainsEverything(this.experiment, "task-", true);
		}

	}

	@Nested
	@SpringBootTest(webEnvironment = WebEnvironment.NONE,
			properties = { SMALL, QUICK, "spring.threads.virtual.enabled=false" })
	@ActiveProfiles(AsyncDrainConfiguration.PROFILE)
	@DirtiesContext
	class AsyncOnPlatformThreads {

		@Autowired
		DrainExperiment experiment;

		@Test
		void everyCallRunsOnBootsPool() throws InterruptedException {
			drainsEverything(this.experiment, "task-", false);
		}

	}

	@Nested
	@SpringBootTest(webEnvironment = WebEnvironment.NONE,
			properties = { SMALL, QUICK, "vtbench.drain.jobs=10", "vtbench.drain.rate-ms=20" })
	@ActiveProfiles(ScheduledDrainConfiguration.PROFILE)
	@DirtiesContext
	class Scheduled {

		@Autowired
		DrainExperiment experiment;

		@Test
		void everyRunRunsOnAVirtualSchedulingThread() throws InterruptedException {
			drainsEverything(this.experiment, "scheduling-", true);
		}

	}

	@Nested
	@SpringBootTest(webEnvironment = WebEnvironment.NONE,
			properties = { SMALL, QUICK, "vtbench.drain.consumers=10" })
	@ActiveProfiles(IntegrationDrainConfiguration.PROFILE)
	@DirtiesContext
	class Integration {

		@Autowired
		DrainExperiment experiment;

		@Test
		void everyPollRunsOnAVirtualSchedulingThread() throws InterruptedException {
			drainsEverything(this.experiment, "scheduling-", true);
		}

	}

}
