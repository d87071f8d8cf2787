package io.github.vtstarter.sample.drain;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;

import static io.github.vtstarter.sample.drain.InProcessDrains.QUICK;
import static io.github.vtstarter.sample.drain.InProcessDrains.SMALL;
import static io.github.vtstarter.sample.drain.InProcessDrains.drainsEverything;

/**
 * A drain case that needs no broker, small (200 items, 5 ms each): Spring Integration pollers drain every item on virtual {@code scheduling-N} threads.
 */
@EnabledForJreRange(min = JRE.JAVA_21)
@SpringBootTest(webEnvironment = WebEnvironment.NONE,
		properties = { SMALL, QUICK, "vtbench.drain.consumers=10" })
@ActiveProfiles(IntegrationDrainConfiguration.PROFILE)
@DirtiesContext
class IntegrationDrainCaseTest {

	@Autowired
	DrainExperiment experiment;

	@Test
	void everyPollRunsOnAVirtualSchedulingThread() throws InterruptedException {
		drainsEverything(this.experiment, "scheduling-", true);
	}

}
