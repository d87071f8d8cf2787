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
 * A drain case that needs no broker, small (200 items, 5 ms each): With virtual threads off, {@code @Async} tasks drain every item on Boot's pool ({@code task-N}, platform threads).
 */
@EnabledForJreRange(min = JRE.JAVA_21)
@SpringBootTest(webEnvironment = WebEnvironment.NONE,
		properties = { SMALL, QUICK, "spring.threads.virtual.enabled=false" })
@ActiveProfiles(AsyncDrainConfiguration.PROFILE)
@DirtiesContext
class AsyncOnPlatformThreadsDrainCaseTest {

	@Autowired
	DrainExperiment experiment;

	@Test
	void everyCallRunsOnBootsPool() throws InterruptedException {
		drainsEverything(this.experiment, "task-", false);
	}

}
