package io.github.vtstarter.autoconfigure.messaging.jms;

import java.util.Map;

import io.github.vtstarter.autoconfigure.InvalidVirtualThreadsPropertyException;
import io.github.vtstarter.autoconfigure.messaging.ListenerThreadChoices;
import io.github.vtstarter.autoconfigure.messaging.TaskExecutorField;
import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.task.VirtualThreadTaskExecutor;
import io.github.vtstarter.testsupport.Precondition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jms.config.DefaultJmsListenerContainerFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The automatic choice for JMS listeners, as the auto-configuration applies it on the Java that runs the test
 * (CI runs this on Java 21, where Artemis on the class path keeps them on platform threads, and on Java 25, where
 * they run on virtual threads; {@link JmsListenerThreadChoiceTests} covers every branch on any Java): what the
 * factories get, the one INFO line, what the endpoint lists under {@code listeners.jms}, and the property that
 * forces either way.
 */
@Precondition(Precondition.VirtualThreads.class)
@ExtendWith(OutputCaptureExtension.class)
class VirtualThreadsJmsAutoConfigurationTests {

	private static final String INFO = "vt-starter: JMS listeners stay on platform threads.";

	private static final boolean SYNCHRONIZED_PINS = Runtime.version().feature() < 24;

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(
				AutoConfigurations.of(VirtualThreadsAutoConfiguration.class, VirtualThreadsJmsAutoConfiguration.class))
		.withUserConfiguration(TwoFactories.class)
		.withPropertyValues("spring.threads.virtual.enabled=true");

	@Test
	void withArtemisOnTheClassPathTheChoiceFollowsTheJava(CapturedOutput output) {
		this.runner.run((context) -> {
			JmsListenerThreadChoice choice = context.getBean(JmsListenerVirtualThreads.class).getChoice();
			assertThat(choice.automatic()).isTrue();
			assertThat(choice.virtualThreads()).isEqualTo(!SYNCHRONIZED_PINS);
			for (DefaultJmsListenerContainerFactory factory : context.getBeansOfType(DefaultJmsListenerContainerFactory.class)
				.values()) {
				Object executor = TaskExecutorField.read(DefaultJmsListenerContainerFactory.class, factory);
				if (SYNCHRONIZED_PINS) {
					assertThat(executor).as("left to the container's own platform threads").isNull();
				}
				else {
					assertThat(executor).isInstanceOf(VirtualThreadTaskExecutor.class);
				}
			}
			assertThat(ListenerThreadChoices.all()).containsEntry("jms",
					Map.of("virtualThreads", !SYNCHRONIZED_PINS, "reason", choice.reason()));
		});
		if (SYNCHRONIZED_PINS) {
			// One line for the application, however many factories.
			assertThat(output.getOut().split(INFO, -1)).hasSize(2);
			assertThat(output).contains(INFO + " Java " + Runtime.version().feature()
					+ ": the ActiveMQ Artemis client (ClientConsumerImpl.receive) waits for messages inside synchronized");
		}
		else {
			assertThat(output).doesNotContain(INFO);
		}
		assertThat(ListenerThreadChoices.all()).as("withdrawn when the context closed").doesNotContainKey("jms");
	}

	@Test
	void withoutAClientThatWaitsInsideSynchronizedListenersRunOnVirtualThreadsOnAnyJava(CapturedOutput output) {
		this.runner
			.withClassLoader(new FilteredClassLoader("org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory",
					"org.apache.activemq.ActiveMQConnectionFactory"))
			.run((context) -> {
				assertThat(context.getBean(JmsListenerVirtualThreads.class).getChoice().virtualThreads()).isTrue();
				assertThat(TaskExecutorField.read(DefaultJmsListenerContainerFactory.class,
						context.getBean("jmsListenerContainerFactory")))
					.isInstanceOf(VirtualThreadTaskExecutor.class);
				assertThat(ListenerThreadChoices.all().get("jms")).containsEntry("virtualThreads", true);
			});
		assertThat(output).doesNotContain(INFO);
	}

	@Test
	void trueForcesVirtualThreadsEvenWithArtemisOnJava21(CapturedOutput output) {
		this.runner.withPropertyValues("vtstarter.jms.virtual-threads.enabled=true").run((context) -> {
			assertThat(TaskExecutorField.read(DefaultJmsListenerContainerFactory.class,
					context.getBean("jmsListenerContainerFactory")))
				.isInstanceOf(VirtualThreadTaskExecutor.class);
			assertThat(ListenerThreadChoices.all()).containsEntry("jms",
					Map.of("virtualThreads", true, "reason", "vtstarter.jms.virtual-threads.enabled=true"));
		});
		assertThat(output).doesNotContain(INFO);
	}

	@Test
	void falseForcesPlatformThreadsEvenOnJava25WithoutAnInfoLine(CapturedOutput output) {
		this.runner.withPropertyValues("vtstarter.jms.virtual-threads.enabled=false").run((context) -> {
			assertThat(TaskExecutorField.read(DefaultJmsListenerContainerFactory.class,
					context.getBean("jmsListenerContainerFactory")))
				.isNull();
			assertThat(ListenerThreadChoices.all()).containsEntry("jms",
					Map.of("virtualThreads", false, "reason", "vtstarter.jms.virtual-threads.enabled=false"));
		});
		assertThat(output).doesNotContain(INFO);
	}

	@Test
	void aValueThatIsNotABooleanFailsTheStartNamingTheProperty() {
		this.runner.withPropertyValues("vtstarter.jms.virtual-threads.enabled=sometimes").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(InvalidVirtualThreadsPropertyException.class)
				.hasMessageContaining("vtstarter.jms.virtual-threads.enabled");
		});
	}

	@Test
	void withVirtualThreadsOffThereIsNoChoiceToMake() {
		this.runner.withPropertyValues("spring.threads.virtual.enabled=false").run((context) -> {
			assertThat(context).doesNotHaveBean(JmsListenerVirtualThreads.class);
			assertThat(ListenerThreadChoices.all()).doesNotContainKey("jms");
		});
	}

	@Configuration(proxyBeanMethods = false)
	static class TwoFactories {

		@Bean
		DefaultJmsListenerContainerFactory jmsListenerContainerFactory() {
			return new DefaultJmsListenerContainerFactory();
		}

		@Bean
		DefaultJmsListenerContainerFactory otherJmsListenerContainerFactory() {
			return new DefaultJmsListenerContainerFactory();
		}

	}

}
