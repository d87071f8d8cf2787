package io.github.vtstarter.autoconfigure.messaging.jms;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.vtstarter.autoconfigure.messaging.SeenByUsers;
import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.pinning.Eventually;
import io.github.vtstarter.testsupport.Precondition;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import io.github.vtstarter.threads.VirtualThreadStats;
import io.github.vtstarter.threads.VirtualThreads;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.jms.DefaultJmsListenerContainerFactoryConfigurer;
import org.springframework.boot.autoconfigure.jms.JmsAutoConfiguration;
import org.springframework.boot.autoconfigure.jms.artemis.ArtemisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.jms.annotation.JmsListener;
import org.springframework.jms.config.DefaultJmsListenerContainerFactory;
import org.springframework.jms.config.JmsListenerEndpointRegistry;
import org.springframework.jms.core.JmsTemplate;

import jakarta.jms.ConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A real {@code @JmsListener}, fed by an embedded ActiveMQ Artemis broker: by default it runs where the automatic
 * choice says (platform threads on Java 21-23, whose Artemis client waits inside {@code synchronized}; a virtual
 * thread named {@code jms-N} on Java 24+); forced, on a virtual thread on every Boot line and Java, with
 * {@code spring.jms.listener.*} concurrency respected; the opt-out and the switch put it on platform threads; a
 * factory with its own executor keeps it. A listener in the middle of a message when the context closes finishes
 * it, and the broker sees the acknowledgement only after it returns.
 */
@Precondition(Precondition.VirtualThreads.class)
class JmsListenerVirtualThreadsTests {

	/**
	 * On Java 21-23 the automatic choice keeps Artemis listeners on platform threads; these tests are about virtual
	 * ones.
	 */
	private static final String FORCE_VIRTUAL = "vtstarter.jms.virtual-threads.enabled=true";

	private static EmbeddedArtemis broker;

	@BeforeAll
	static void startBroker() throws Exception {
		broker = EmbeddedArtemis.start();
	}

	@AfterAll
	static void stopBroker() throws Exception {
		if (broker != null) {
			broker.stop();
		}
	}

	private final String queue = "vt-" + UUID.randomUUID();

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(VirtualThreadsAutoConfiguration.class,
				VirtualThreadsJmsAutoConfiguration.class, ArtemisAutoConfiguration.class, JmsAutoConfiguration.class))
		.withUserConfiguration(Listener.class)
		.withPropertyValues("spring.artemis.mode=native", "spring.artemis.embedded.enabled=false",
				"spring.artemis.broker-url=" + EmbeddedArtemis.URL, "test.queue=" + this.queue);

	@Test
	void theAutomaticChoiceIsWhatRuns() {
		this.runner.withPropertyValues("spring.threads.virtual.enabled=true").run((context) -> {
			Thread thread = sendAndAwaitListener(context.getBean(JmsTemplate.class), context.getBean(Listener.class));
			if (Runtime.version().feature() < 24) {
				// The Artemis client waits inside synchronized: the container's own platform threads, named after
				// the listener container.
				assertThat(VirtualThreads.isVirtual(thread)).isFalse();
				assertThat(thread.getName()).startsWith("listener-");
				assertThat(context.getBean(VirtualThreadRegistry.class).all())
					.noneMatch((stats) -> stats.getName().equals("jms"));
			}
			else {
				assertThat(VirtualThreads.isVirtual(thread)).isTrue();
				assertThat(thread.getName()).startsWith("jms-");
			}
		});
	}

	@Test
	void listenersRunOnCountedVirtualThreadsNamedJmsAtTheConfiguredConcurrency() {
		this.runner.withPropertyValues("spring.threads.virtual.enabled=true", FORCE_VIRTUAL,
				"spring.jms.listener.concurrency=3", "spring.jms.listener.max-concurrency=3")
			.run((context) -> {
				Thread thread = sendAndAwaitListener(context.getBean(JmsTemplate.class), context.getBean(Listener.class));
				assertThat(VirtualThreads.isVirtual(thread)).isTrue();
				assertThat(thread.getName()).startsWith("jms-");
				VirtualThreadStats stats = context.getBean(VirtualThreadRegistry.class).stats("jms");
				// One long-lived consumer per unit of concurrency, each on its own virtual thread.
				Eventually.await(Duration.ofSeconds(30), () -> stats.getLive() == 3);
				assertThat(stats.getStarted()).isEqualTo(3);
				SeenByUsers.assertCounted(context.getBean(VirtualThreadRegistry.class), "jms", 3);
			});
	}

	@Test
	void theOptOutPropertyLeavesListenersOnPlatformThreads() {
		this.runner.withPropertyValues("spring.threads.virtual.enabled=true", "vtstarter.jms.virtual-threads.enabled=false")
			.run((context) -> {
				Thread thread = sendAndAwaitListener(context.getBean(JmsTemplate.class), context.getBean(Listener.class));
				assertThat(VirtualThreads.isVirtual(thread)).isFalse();
				assertThat(context.getBean(VirtualThreadRegistry.class).all())
					.noneMatch((stats) -> stats.getName().equals("jms"));
			});
	}

	@Test
	void switchedOffListenersRunOnPlatformThreads() {
		this.runner.withPropertyValues("spring.threads.virtual.enabled=false").run((context) -> {
			assertThat(context).doesNotHaveBean(JmsListenerVirtualThreads.class);
			Thread thread = sendAndAwaitListener(context.getBean(JmsTemplate.class), context.getBean(Listener.class));
			assertThat(VirtualThreads.isVirtual(thread)).isFalse();
		});
	}

	@Test
	void aFactoryWithItsOwnExecutorKeepsIt() {
		this.runner.withPropertyValues("spring.threads.virtual.enabled=true", FORCE_VIRTUAL)
			.withUserConfiguration(OwnFactory.class)
			.run((context) -> {
				Thread thread = sendAndAwaitListener(context.getBean(JmsTemplate.class), context.getBean(Listener.class));
				assertThat(VirtualThreads.isVirtual(thread)).isFalse();
				assertThat(thread.getName()).startsWith("mine-");
				assertThat(context.getBean(VirtualThreadRegistry.class).all())
					.noneMatch((stats) -> stats.getName().equals("jms"));
			});
	}

	@Test
	void aListenerInTheMiddleOfAMessageFinishesItAtCloseAndOnlyThenIsItAcknowledged() {
		this.runner.withPropertyValues("spring.threads.virtual.enabled=true", FORCE_VIRTUAL, "test.block=true")
			.run((context) -> {
				Listener listener = context.getBean(Listener.class);
				context.getBean(JmsTemplate.class).convertAndSend(this.queue, "hello");
				assertThat(listener.entered.await(30, TimeUnit.SECONDS)).isTrue();
				assertThat(VirtualThreads.isVirtual(listener.thread.getNow(null))).isTrue();
				CompletableFuture<Void> closing = CompletableFuture.runAsync(context::close);
				// The container is told to stop while the listener still works on the message: not acknowledged yet.
				JmsListenerEndpointRegistry registry = context.getBean(JmsListenerEndpointRegistry.class);
				Eventually.await(Duration.ofSeconds(30), () -> !registry.getListenerContainer("listener").isRunning());
				assertThat(broker.deliveringCount(this.queue)).isEqualTo(1);
				assertThat(closing).isNotDone();
				listener.release.countDown();
				closing.get(60, TimeUnit.SECONDS);
				assertThat(listener.finished).isEqualTo(1);
				// Acknowledged (the transacted session committed) once the listener returned: nothing left to redeliver.
				Eventually.await(Duration.ofSeconds(30), () -> broker.messageCount(this.queue) == 0);
			});
	}

	@Test
	void aListenerThatDoesNotFinishGetsTheMessageAgain() {
		this.runner.withPropertyValues("spring.threads.virtual.enabled=true", FORCE_VIRTUAL, "test.fail-first=true")
			.run((context) -> {
				Listener listener = context.getBean(Listener.class);
				context.getBean(JmsTemplate.class).convertAndSend(this.queue, "hello");
				assertThat(listener.redelivered.get(60, TimeUnit.SECONDS)).isTrue();
				assertThat(VirtualThreads.isVirtual(listener.thread.getNow(null))).isTrue();
				Eventually.await(Duration.ofSeconds(30), () -> broker.messageCount(this.queue) == 0);
			});
	}

	private static Thread sendAndAwaitListener(JmsTemplate template, Listener listener) throws Exception {
		template.convertAndSend(listener.queue, "hello");
		return listener.thread.get(60, TimeUnit.SECONDS);
	}

	@Configuration(proxyBeanMethods = false)
	static class Listener {

		final CompletableFuture<Thread> thread = new CompletableFuture<>();

		final CompletableFuture<Boolean> redelivered = new CompletableFuture<>();

		final CountDownLatch entered = new CountDownLatch(1);

		final CountDownLatch release = new CountDownLatch(1);

		final java.util.Set<String> seen = ConcurrentHashMap.newKeySet();

		volatile int finished;

		@org.springframework.beans.factory.annotation.Value("${test.queue}")
		String queue;

		@org.springframework.beans.factory.annotation.Value("${test.block:false}")
		boolean block;

		@org.springframework.beans.factory.annotation.Value("${test.fail-first:false}")
		boolean failFirst;

		@JmsListener(id = "listener", destination = "${test.queue}")
		void onMessage(Message message) throws JMSException, InterruptedException {
			this.thread.complete(Thread.currentThread());
			if (this.block) {
				this.entered.countDown();
				// Waits through the close, as a slow database write would; an interrupt would end the test early.
				while (!this.release.await(60, TimeUnit.SECONDS)) {
				}
			}
			if (this.failFirst && this.seen.add(message.getJMSMessageID())) {
				throw new IllegalStateException("did not finish");
			}
			if (this.failFirst) {
				this.redelivered.complete(message.getJMSRedelivered());
			}
			this.finished++;
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class OwnFactory {

		@Bean
		DefaultJmsListenerContainerFactory jmsListenerContainerFactory(DefaultJmsListenerContainerFactoryConfigurer configurer,
				ConnectionFactory connectionFactory) {
			DefaultJmsListenerContainerFactory factory = new DefaultJmsListenerContainerFactory();
			configurer.configure(factory, connectionFactory);
			factory.setTaskExecutor(new SimpleAsyncTaskExecutor("mine-"));
			return factory;
		}

	}

}
