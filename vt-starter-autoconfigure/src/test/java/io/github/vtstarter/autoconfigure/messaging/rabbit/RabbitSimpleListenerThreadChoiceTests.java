package io.github.vtstarter.autoconfigure.messaging.rabbit;

import java.util.concurrent.locks.ReentrantLock;

import org.junit.jupiter.api.Test;

import org.springframework.amqp.rabbit.listener.SimpleMessageListenerContainer;
import org.springframework.util.ReflectionUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link RabbitSimpleListenerThreadChoice}: every branch, on any Java (the Java release is an argument).
 */
class RabbitSimpleListenerThreadChoiceTests {

	@Test
	void thePropertyDecidesWhenSet() {
		RabbitSimpleListenerThreadChoice on = RabbitSimpleListenerThreadChoice.decide(true, 21, WithMonitor.class);
		assertThat(on.virtualThreads()).isTrue();
		assertThat(on.automatic()).isFalse();
		assertThat(on.reason()).isEqualTo("vtstarter.rabbit.virtual-threads.enabled=true");
		RabbitSimpleListenerThreadChoice off = RabbitSimpleListenerThreadChoice.decide(false, 25, WithLock.class);
		assertThat(off.virtualThreads()).isFalse();
		assertThat(off.automatic()).isFalse();
	}

	@Test
	void java24AndLaterRunsThemOnVirtualThreads() {
		RabbitSimpleListenerThreadChoice choice = RabbitSimpleListenerThreadChoice.decide(null, 24, WithMonitor.class);
		assertThat(choice.virtualThreads()).isTrue();
		assertThat(choice.automatic()).isTrue();
		assertThat(choice.reason()).contains("JEP 491");
	}

	@Test
	void java21To23KeepsAContainerWithTheMonitorOnPlatformThreads() {
		for (int java = 21; java <= 23; java++) {
			RabbitSimpleListenerThreadChoice choice = RabbitSimpleListenerThreadChoice.decide(null, java,
					WithMonitor.class);
			assertThat(choice.virtualThreads()).isFalse();
			assertThat(choice.automatic()).isTrue();
			assertThat(choice.reason()).startsWith("Java " + java + ": ")
				.contains("holds a monitor each consumer then enters")
				.contains("vtstarter.rabbit.virtual-threads.enabled=true");
		}
	}

	@Test
	void java21To23RunsAContainerWithALockOnVirtualThreads() {
		RabbitSimpleListenerThreadChoice choice = RabbitSimpleListenerThreadChoice.decide(null, 21, WithLock.class);
		assertThat(choice.virtualThreads()).isTrue();
		assertThat(choice.reason()).contains("guards its consumers with a lock");
	}

	@Test
	void theRealContainerOfTheClassPathIsJudgedByItsFields() {
		// Spring AMQP 3.0 (Boot 3.1) has the monitor; 3.1 and later (Boot 3.2+) a ReentrantLock.
		boolean monitor = ReflectionUtils.findField(SimpleMessageListenerContainer.class, "consumersMonitor") != null;
		assertThat(RabbitSimpleListenerThreadChoice.decide(null, 21, SimpleMessageListenerContainer.class)
			.virtualThreads()).isEqualTo(!monitor);
	}

	static class WithMonitor {

		final Object consumersMonitor = new Object();

	}

	static class WithLock {

		final ReentrantLock consumersLock = new ReentrantLock();

	}

}
