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
 * The drain experiment of {@code run.sh --messaging and --defaults}, small (200 records, 5 ms each, 4 partitions, 4 consumers):
 * every record is handled, on the starter's virtual {@code kafka-N} threads.
 */
@SpringBootTest(webEnvironment = WebEnvironment.NONE,
		properties = { "vtbench.drain.messages=200", "vtbench.drain.work-ms=5", "vtbench.drain.timeout-s=25",
				"vtbench.drain.partitions=4", "spring.kafka.listener.concurrency=4" })
@ActiveProfiles(KafkaDrainConfiguration.PROFILE)
@DirtiesContext
class KafkaDrainExperimentTest {

	@BeforeAll
	static void virtualThreadsNeedJava21() {
		Assumptions.assumeTrue(Runtime.version().feature() >= 21,
				"virtual threads need Java 21+; this JVM is Java " + Runtime.version().feature());
	}

	@Autowired
	DrainExperiment experiment;

	@Test
	void everyRecordIsHandledOnAVirtualKafkaThread() throws InterruptedException {
		assertThat(this.experiment.awaitEnd(Duration.ofSeconds(30))).as("the run ended").isTrue();
		assertThat(this.experiment.result()).containsEntry("state", "DONE").containsEntry("handled", 200);
		assertThat(this.experiment.handlerThreads()).isNotEmpty().allMatch((name) -> name.startsWith("kafka-"));
		assertThat(this.experiment.allVirtual()).isTrue();
	}

}
