package io.github.vtstarter.autoconfigure.messaging.rabbit;

import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.vtstarter.autoconfigure.BootVersion;
import io.github.vtstarter.autoconfigure.messaging.ListenerThreadChoices;
import io.github.vtstarter.autoconfigure.messaging.SeenByUsers;
import io.github.vtstarter.autoconfigure.messaging.servers.LocalServer;
import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.pinning.Eventually;
import io.github.vtstarter.pinning.TestJdk;
import io.github.vtstarter.testsupport.Precondition;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import io.github.vtstarter.threads.VirtualThreadStats;
import io.github.vtstarter.threads.VirtualThreads;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

import org.springframework.amqp.core.Queue;
import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.amqp.rabbit.config.DirectRabbitListenerContainerFactory;
import org.springframework.amqp.rabbit.config.SimpleRabbitListenerContainerFactory;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.amqp.rabbit.listener.DirectMessageListenerContainer;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.amqp.RabbitAutoConfiguration;
import org.springframework.boot.autoconfigure.amqp.SimpleRabbitListenerContainerFactoryConfigurer;
import org.springframework.amqp.rabbit.connection.ConnectionFactory;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.util.ReflectionUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A real RabbitMQ (Debian's rabbitmq-server, started on free ports with its own directory and epmd) delivers to a
 * {@code @RabbitListener}: with the simple container (Boot's default) it runs on a counted virtual thread named
 * {@code rabbit-simple-N}, on Boot 3.1 (the backport) and 3.2+ (Boot's executor, counted); the direct factory gets
 * {@code rabbit-direct-}, which runs only the consumers' start and the wait at stop; switched off, platform
 * threads; a factory with its own executor keeps it.
 */
@Precondition({ Precondition.VirtualThreads.class, LocalServer.RabbitMqInstalled.class })
class RabbitListenerVirtualThreadsTests {

	private static LocalServer rabbit;

	private static int epmdPort;

	@BeforeAll
	static void startRabbit() throws Exception {
		epmdPort = LocalServer.freePort();
		int distributionPort = LocalServer.freePort();
		rabbit = LocalServer.start(LocalServer.Server.RABBITMQ, (binary, port, dir) -> List.of(binary), (port, dir) -> {
			Files.writeString(dir.resolve("enabled_plugins"), "[].");
			return Map.ofEntries(Map.entry("HOME", dir.toString()), Map.entry("RABBITMQ_NODE_PORT", String.valueOf(port)),
					Map.entry("RABBITMQ_NODE_IP_ADDRESS", "127.0.0.1"),
					Map.entry("RABBITMQ_NODENAME", "vt" + port + "@localhost"),
					Map.entry("RABBITMQ_MNESIA_BASE", dir.resolve("mnesia").toString()),
					Map.entry("RABBITMQ_LOG_BASE", dir.resolve("log").toString()),
					Map.entry("RABBITMQ_ENABLED_PLUGINS_FILE", dir.resolve("enabled_plugins").toString()),
					Map.entry("RABBITMQ_CONFIG_FILE", dir.resolve("none").toString()),
					Map.entry("RABBITMQ_PID_FILE", dir.resolve("pid").toString()),
					Map.entry("RABBITMQ_DIST_PORT", String.valueOf(distributionPort)),
					// An epmd of its own, on a free port, stopped after the test: the shared one on 4369 stays untouched.
					Map.entry("ERL_EPMD_PORT", String.valueOf(epmdPort)));
		});
	}

	@AfterAll
	static void stopRabbit() throws Exception {
		if (rabbit != null) {
			rabbit.close();
			new ProcessBuilder("epmd", "-port", String.valueOf(epmdPort), "-kill").inheritIO().start().waitFor(30,
					TimeUnit.SECONDS);
		}
	}

	private final String queue = "vt-" + UUID.randomUUID();

	private ApplicationContextRunner runner() {
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(VirtualThreadsAutoConfiguration.class,
					VirtualThreadsRabbitAutoConfiguration.class, RabbitAutoConfiguration.class))
			.withUserConfiguration(Listener.class)
			.withPropertyValues("spring.rabbitmq.host=127.0.0.1", "spring.rabbitmq.port=" + rabbit.port(),
					"test.queue=" + this.queue);
	}

	@Test
	void simpleListenerRunsOnACountedVirtualThreadNamedRabbitSimple() {
		// Forced: on Boot 3.1 with Java 21-23 the backport keeps simple consumers on platform threads by default
		// (see the next test); Boot 3.2+ decides by itself and ignores the property.
		runner()
			.withPropertyValues("spring.threads.virtual.enabled=true", "vtstarter.rabbit.virtual-threads.enabled=true")
			.run((context) -> {
				Thread thread = sendAndAwait(context.getBean(RabbitTemplate.class), context.getBean(Listener.class));
				assertThat(VirtualThreads.isVirtual(thread)).isTrue();
				assertThat(thread.getName()).startsWith("rabbit-simple-");
				assertThat(context.getBean(VirtualThreadRegistry.class).stats("rabbit-simple").getLive()).isEqualTo(1);
				SeenByUsers.assertCounted(context.getBean(VirtualThreadRegistry.class), "rabbit-simple", 1);
			});
	}

	@Test
	@EnabledIf("backportOnJava21To23")
	void onJava21To23TheBackportKeepsSimpleConsumersOnPlatformThreadsAndSaysWhy() {
		runner().withPropertyValues("spring.threads.virtual.enabled=true").run((context) -> {
			Thread thread = sendAndAwait(context.getBean(RabbitTemplate.class), context.getBean(Listener.class));
			assertThat(VirtualThreads.isVirtual(thread)).isFalse();
			assertThat(thread.getName()).doesNotStartWith("rabbit-simple-");
			assertThat(ListenerThreadChoices.all()).hasEntrySatisfying("rabbit-simple",
					(choice) -> assertThat(choice).containsEntry("virtualThreads", false)
						.hasEntrySatisfying("reason", (reason) -> assertThat(reason).asString()
							.contains("waits for its consumers to start while it holds a monitor")));
		});
	}

	static boolean backportOnJava21To23() {
		return TestJdk.synchronizedPins() && !BootVersion.current().hasNativeVirtualThreads();
	}

	/**
	 * What a direct container does with its executor (Spring AMQP's {@code DirectMessageListenerContainer}): one
	 * task to start the consumers, one to wait for them at stop (Spring AMQP 3.0.4 waits on the stopping thread).
	 * Its consumer monitor runs on the container's own platform {@code ThreadPoolTaskScheduler}
	 * ({@code <listener id>-consumerMonitor-N}), the listener on the RabbitMQ client's threads
	 * ({@code pool-N-thread-M}).
	 */
	@Test
	void theDirectFactorysExecutorOnlyStartsAndStopsTheConsumers() {
		VirtualThreadStats[] direct = new VirtualThreadStats[1];
		runner().withPropertyValues("spring.threads.virtual.enabled=true", "spring.rabbitmq.listener.type=direct")
			.run((context) -> {
				DirectRabbitListenerContainerFactory factory = context.getBean(DirectRabbitListenerContainerFactory.class);
				CompletableFuture<Thread> thread = new CompletableFuture<>();
				((java.util.concurrent.Executor) taskExecutor(factory))
					.execute(() -> thread.complete(Thread.currentThread()));
				assertThat(VirtualThreads.isVirtual(thread.get(10, TimeUnit.SECONDS))).isTrue();
				assertThat(thread.get().getName()).startsWith("rabbit-direct-");
				direct[0] = context.getBean(VirtualThreadRegistry.class).stats("rabbit-direct");
				Thread listener = sendAndAwait(context.getBean(RabbitTemplate.class), context.getBean(Listener.class));
				assertThat(VirtualThreads.isVirtual(listener)).isFalse();
				assertThat(listener.getName()).doesNotStartWith("rabbit-direct-").startsWith("pool-");
				// This test's task and the consumers' start: two tasks, both done.
				Eventually.await(Duration.ofSeconds(10), () -> direct[0].getLive() == 0);
				assertThat(direct[0].getStarted()).isEqualTo(2);
				assertThat(Thread.getAllStackTraces().keySet())
					.filteredOn((monitor) -> monitor.getName().contains("-consumerMonitor-"))
					.as("the consumer monitor, a platform thread of the container's own scheduler")
					.isNotEmpty();
			});
		// The wait for the consumers at stop: one more task where Spring AMQP hands it to the executor (3.0.14,
		// 3.2.12); Spring AMQP 3.0.4 (Boot 3.1.0) waits on the thread that stops the container.
		boolean waitsOnTheExecutor = ReflectionUtils.findMethod(DirectMessageListenerContainer.class,
				"shutdownAndWaitOrCallback", Runnable.class) != null;
		assertThat(direct[0].getStarted()).isEqualTo(waitsOnTheExecutor ? 3 : 2);
	}

	@Test
	void switchedOffTheListenerRunsOnAPlatformThread() {
		runner().withPropertyValues("spring.threads.virtual.enabled=false").run((context) -> {
			Thread thread = sendAndAwait(context.getBean(RabbitTemplate.class), context.getBean(Listener.class));
			assertThat(VirtualThreads.isVirtual(thread)).isFalse();
		});
	}

	@Test
	void aFactoryWithItsOwnExecutorKeepsIt() {
		runner().withPropertyValues("spring.threads.virtual.enabled=true")
			.withUserConfiguration(OwnFactory.class)
			.run((context) -> {
				Thread thread = sendAndAwait(context.getBean(RabbitTemplate.class), context.getBean(Listener.class));
				assertThat(VirtualThreads.isVirtual(thread)).isFalse();
				assertThat(thread.getName()).startsWith("mine-");
			});
	}

	private static Object taskExecutor(Object factory) {
		java.lang.reflect.Field field = ReflectionUtils
			.findField(org.springframework.amqp.rabbit.config.AbstractRabbitListenerContainerFactory.class, "taskExecutor");
		ReflectionUtils.makeAccessible(field);
		return ReflectionUtils.getField(field, factory);
	}

	private static Thread sendAndAwait(RabbitTemplate template, Listener listener) throws Exception {
		template.convertAndSend(listener.queue.getName(), "hello");
		return listener.thread.get(60, TimeUnit.SECONDS);
	}

	@Configuration(proxyBeanMethods = false)
	static class Listener {

		final CompletableFuture<Thread> thread = new CompletableFuture<>();

		Queue queue;

		@Bean
		Queue testQueue(org.springframework.core.env.Environment environment) {
			this.queue = new Queue(environment.getProperty("test.queue"), false, false, true);
			return this.queue;
		}

		@RabbitListener(queues = "${test.queue}")
		void onMessage(String message) {
			this.thread.complete(Thread.currentThread());
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class OwnFactory {

		@Bean
		SimpleRabbitListenerContainerFactory rabbitListenerContainerFactory(
				SimpleRabbitListenerContainerFactoryConfigurer configurer, ConnectionFactory connectionFactory) {
			SimpleRabbitListenerContainerFactory factory = new SimpleRabbitListenerContainerFactory();
			configurer.configure(factory, connectionFactory);
			factory.setTaskExecutor(new SimpleAsyncTaskExecutor("mine-"));
			return factory;
		}

	}

}
