package io.github.vtstarter.autoconfigure.messaging.jms;

import io.github.vtstarter.testsupport.Precondition;
import org.junit.jupiter.api.Test;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.jms.JmsAutoConfiguration;
import org.springframework.boot.autoconfigure.jms.artemis.ArtemisAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.jms.core.JmsTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What docs/messaging.md tells an application that embeds Boot's Artemis broker on Java 24+: with
 * {@code logging.level.org.apache.activemq.audit=off} it starts and carries messages, with the Artemis each Boot line
 * manages (without it, Java 24+ refuses the audit logger's {@code Subject.getSubject}). Runs on every Java from 21;
 * on 25 it is the proof.
 */
@Precondition(Precondition.VirtualThreads.class)
class BootEmbeddedArtemisTests {

	@Test
	void bootsEmbeddedBrokerStartsAndCarriesMessagesWithTheAuditLoggersOff() {
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(EmbeddedBroker.class)
			.web(WebApplicationType.NONE)
			// Arguments, which win over the test class path's application.properties (no embedded broker there).
			.run("--spring.main.banner-mode=off", "--spring.artemis.mode=embedded",
					"--spring.artemis.embedded.enabled=true", "--spring.artemis.embedded.persistent=false",
					"--spring.artemis.embedded.server-id=41", "--logging.level.org.apache.activemq.audit=off")) {
			JmsTemplate template = context.getBean(JmsTemplate.class);
			template.setReceiveTimeout(10_000);
			template.convertAndSend("audit-off", "hello");
			assertThat(template.receiveAndConvert("audit-off")).isEqualTo("hello");
		}
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ ArtemisAutoConfiguration.class, JmsAutoConfiguration.class })
	static class EmbeddedBroker {

	}

}
