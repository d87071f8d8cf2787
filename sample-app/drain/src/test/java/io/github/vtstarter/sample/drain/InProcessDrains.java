package io.github.vtstarter.sample.drain;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the drain cases that need no broker share ({@link AsyncDrainCaseTest}, {@link ScheduledDrainCaseTest}, ...):
 * small runs, and the check that every item was handled, on the threads expected.
 */
final class InProcessDrains {

	static final String SMALL = "vtbench.drain.messages=200";

	static final String QUICK = "vtbench.drain.work-ms=5";

	private InProcessDrains() {
	}

	static void drainsEverything(DrainExperiment experiment, String threadPrefix, boolean virtual)
			throws InterruptedException {
		assertThat(experiment.awaitEnd(Duration.ofSeconds(30))).as("the run ended").isTrue();
		assertThat(experiment.result()).containsEntry("state", "DONE");
		assertThat(experiment.handled()).isGreaterThanOrEqualTo(200);
		assertThat(experiment.handlerThreads()).isNotEmpty().allMatch((name) -> name.startsWith(threadPrefix));
		assertThat(experiment.allVirtual()).isEqualTo(virtual);
	}

}
