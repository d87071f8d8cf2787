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
 * A drain case that needs no broker, small (200 items, 5 ms each): {@code @Async} tasks drain every item on the starter's virtual {@code task-N} threads.
 */
@EnabledForJreRange(min = JRE.JAVA_21)
@SpringBootTest(webEnvironment = WebEnvironment.NONE, properties = { SMALL, QUICK })
@ActiveProfiles(AsyncDrainConfiguration.PROFILE)
@DirtiesContext
class AsyncDrainCaseTest {

	@Autowired
	DrainExperiment experiment;

	@Test
	void everyCallRunsOnAVirtualTaskThread() throws InterruptedException {
		drainsEverything(this.experiment, "task-", true);
	}

}
