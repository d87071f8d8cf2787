package io.github.vtstarter.sample.drain;

import java.time.Duration;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The drain experiment of {@code run.sh --messaging and --defaults}, small (200 messages, 5 ms each, 4 consumers):
 * every message is handled, on the starter's virtual {@code jms-N} threads. On Java 21-23 the starter keeps Artemis
 * listeners on platform threads by default (its client waits inside {@code synchronized}); the experiment measures
 * virtual threads, so it asks for them ({@code vtstarter.jms.virtual-threads.enabled=true}). Boot 3.x's Artemis
 * starts on Java 24+ with its audit loggers off (the profile's properties).
 */
@SpringBootTest(webEnvironment = WebEnvironment.NONE,
		properties = { "vtbench.drain.messages=200", "vtbench.drain.work-ms=5", "vtbench.drain.timeout-s=25",
				"spring.jms.listener.concurrency=4", "spring.jms.listener.max-concurrency=4",
				"vtstarter.jms.virtual-threads.enabled=true" })
@ActiveProfiles(JmsDrainConfiguration.PROFILE)
@DirtiesContext
class JmsDrainExperimentTest {

	@BeforeAll
	static void virtualThreads() {
		int java = Runtime.version().feature();
		Assumptions.assumeTrue(java >= 21, "virtual threads need Java 21+; this JVM is Java " + java);
	}

	@Autowired
	DrainExperiment experiment;

	@Test
	void everyMessageIsHandledOnAVirtualJmsThread() throws InterruptedException {
		assertThat(this.experiment.awaitEnd(Duration.ofSeconds(30))).as("the run ended").isTrue();
		assertThat(this.experiment.result()).containsEntry("state", "DONE").containsEntry("handled", 200);
		assertThat(this.experiment.handlerThreads()).isNotEmpty().allMatch((name) -> name.startsWith("jms-"));
		assertThat(this.experiment.allVirtual()).isTrue();
	}

}
