package io.github.vtstarter.sample.drain;

import java.time.Duration;

import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
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
 * The drain experiment of {@code run.sh --messaging and --defaults}, small (200 messages, 5 ms each, 4 consumers): every message
 * is handled, on the starter's virtual {@code jms-N} threads. Boot 3.x's Artemis does not start on Java 24+
 * (its audit logger calls {@code Subject.getSubject}): there the test is skipped.
 */
@SpringBootTest(webEnvironment = WebEnvironment.NONE,
		properties = { "vtbench.drain.messages=200", "vtbench.drain.work-ms=5", "vtbench.drain.timeout-s=25",
				"spring.jms.listener.concurrency=4", "spring.jms.listener.max-concurrency=4" })
@ActiveProfiles(JmsDrainConfiguration.PROFILE)
@DirtiesContext
class JmsDrainExperimentTest {

	@BeforeAll
	static void virtualThreadsAndArtemis() {
		int java = Runtime.version().feature();
		Assumptions.assumeTrue(java >= 21, "virtual threads need Java 21+; this JVM is Java " + java);
		if (java >= 24) {
			Assumptions.assumeTrue(artemisStarts(), "ActiveMQ Artemis does not start on Java " + java
					+ " (Subject.getSubject is not supported); the JMS drain test runs on Java 21");
		}
	}

	private static boolean artemisStarts() {
		EmbeddedActiveMQ probe = new EmbeddedActiveMQ();
		try {
			probe.setConfiguration(new ConfigurationImpl().setPersistenceEnabled(false)
				.setSecurityEnabled(false)
				.setJMXManagementEnabled(false)
				.addAcceptorConfiguration("in-vm", "vm://97"));
			probe.start();
			return probe.getActiveMQServer() != null && probe.getActiveMQServer().isActive();
		}
		catch (Exception | LinkageError ex) {
			return false;
		}
		finally {
			try {
				probe.stop();
			}
			catch (Exception | LinkageError ex) {
				// a broker that never came up
			}
		}
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
