package io.github.vtstarter.autoconfigure.messaging.rabbit;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

import io.github.vtstarter.autoconfigure.SpringVirtualThreadTaskExecutors;
import io.github.vtstarter.autoconfigure.messaging.SeenByUsers;
import io.github.vtstarter.autoconfigure.messaging.TaskExecutorField;
import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.pinning.TestJdk;
import io.github.vtstarter.testsupport.EnabledWith.Runtime;
import io.github.vtstarter.testsupport.EnabledWith;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import io.github.vtstarter.threads.VirtualThreads;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.dynamic.loading.ClassLoadingStrategy;
import net.bytebuddy.implementation.StubMethod;
import net.bytebuddy.matcher.ElementMatchers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

import org.springframework.amqp.rabbit.config.AbstractRabbitListenerContainerFactory;
import org.springframework.amqp.rabbit.config.DirectRabbitListenerContainerFactory;
import org.springframework.amqp.rabbit.config.SimpleRabbitListenerContainerFactory;
import org.springframework.amqp.rabbit.listener.SimpleMessageListenerContainer;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.amqp.RabbitAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.task.SimpleAsyncTaskExecutor;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link RabbitListenerVirtualThreads} on the factories Boot configures, without a broker (no listener, so no
 * container connects): the executor each factory hands its containers, where its tasks run and under which name
 * they are counted. {@code RabbitListenerVirtualThreadsTests} shows the same with messages from a real RabbitMQ.
 */
@EnabledIf(TestJdk.VIRTUAL_THREADS)
class RabbitListenerFactoryTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(VirtualThreadsAutoConfiguration.class,
				VirtualThreadsRabbitAutoConfiguration.class, RabbitAutoConfiguration.class))
		// Simple containers forced onto virtual threads: on Java 21-23 with Spring AMQP 3.0 the default keeps them
		// on platform threads (RabbitSimpleListenerThreadChoiceTests).
		.withPropertyValues("spring.threads.virtual.enabled=true", "vtstarter.rabbit.virtual-threads.enabled=true");

	@Test
	void theSimpleFactoryRunsItsConsumersOnCountedVirtualThreadsNamedRabbitSimple() throws Exception {
		this.runner.run((context) -> {
			Thread thread = runOn(executor(context.getBean(SimpleRabbitListenerContainerFactory.class)));
			assertThat(VirtualThreads.isVirtual(thread)).isTrue();
			assertThat(thread.getName()).startsWith("rabbit-simple-");
			SeenByUsers.assertCounted(context.getBean(VirtualThreadRegistry.class), "rabbit-simple", 1);
		});
	}

	@Test
	void theDirectFactoryGetsThreadsNamedRabbitDirect() throws Exception {
		this.runner.withPropertyValues("spring.rabbitmq.listener.type=direct").run((context) -> {
			Thread thread = runOn(executor(context.getBean(DirectRabbitListenerContainerFactory.class)));
			assertThat(VirtualThreads.isVirtual(thread)).isTrue();
			assertThat(thread.getName()).startsWith("rabbit-direct-");
			SeenByUsers.assertCounted(context.getBean(VirtualThreadRegistry.class), "rabbit-direct", 1);
		});
	}

	@Test
	@EnabledWith(Runtime.BACKPORT)
	void factoriesOfOneKindShareOneExecutorAndEachKindHasItsOwn() {
		this.runner.withUserConfiguration(MoreFactories.class).run((context) -> {
			Object simple = executor(context.getBean("rabbitListenerContainerFactory",
					AbstractRabbitListenerContainerFactory.class));
			assertThat(executor(context.getBean("otherSimpleFactory", AbstractRabbitListenerContainerFactory.class)))
				.isSameAs(simple);
			assertThat(executor(context.getBean("directFactory", AbstractRabbitListenerContainerFactory.class)))
				.isNotNull()
				.isNotSameAs(simple);
		});
	}

	@Test
	void aFactoryWithItsOwnExecutorKeepsIt() {
		this.runner.withUserConfiguration(OwnExecutor.class)
			.run((context) -> assertThat(executor(context.getBean(SimpleRabbitListenerContainerFactory.class)))
				.isSameAs(OwnExecutor.EXECUTOR));
	}

	@Test
	@EnabledWith(Runtime.BACKPORT)
	void aFactoryOfAnotherKindIsLeftAlone() {
		this.runner.withUserConfiguration(CustomFactory.class)
			.run((context) -> assertThat(executor(context.getBean("customFactory",
					AbstractRabbitListenerContainerFactory.class)))
				.isNull());
	}

	@Test
	@EnabledWith(Runtime.BACKPORT)
	void switchedOffTheFactoryIsLeftAlone() {
		this.runner.withPropertyValues("spring.threads.virtual.enabled=false")
			.run((context) -> assertThat(executor(context.getBean(SimpleRabbitListenerContainerFactory.class)))
				.isNull());
	}

	/**
	 * Boot 3.2+ sets Spring's {@code VirtualThreadTaskExecutor} itself; the starter swaps it for the same, counted.
	 * Spring 6.0 (Boot 3.1) has no such class: one of its name stands in for it.
	 */
	@Test
	void onBoot32TheExecutorBootSetIsCountedAndAnyOtherIsLeftAlone() throws Exception {
		VirtualThreadRegistry registry = new VirtualThreadRegistry();
		DefaultListableBeanFactory beans = new DefaultListableBeanFactory();
		beans.registerSingleton("registry", registry);
		RabbitListenerVirtualThreads counter = new RabbitListenerVirtualThreads(
				beans.getBeanProvider(VirtualThreadRegistry.class), null);
		SimpleRabbitListenerContainerFactory bootsFactory = new SimpleRabbitListenerContainerFactory();
		bootsFactory.setTaskExecutor(springsVirtualThreadTaskExecutor());
		counter.postProcessAfterInitialization(bootsFactory, "rabbitListenerContainerFactory");
		Thread thread = runOn(executor(bootsFactory));
		assertThat(VirtualThreads.isVirtual(thread)).isTrue();
		assertThat(thread.getName()).startsWith("rabbit-simple-");
		SeenByUsers.assertCounted(registry, "rabbit-simple", 1);

		SimpleRabbitListenerContainerFactory withoutExecutor = new SimpleRabbitListenerContainerFactory();
		counter.postProcessAfterInitialization(withoutExecutor, "withoutExecutor");
		assertThat(executor(withoutExecutor)).as("Boot 3.2+ without Boot's executor: virtual threads are off").isNull();
		SimpleRabbitListenerContainerFactory withOwn = new SimpleRabbitListenerContainerFactory();
		withOwn.setTaskExecutor(OwnExecutor.EXECUTOR);
		counter.postProcessAfterInitialization(withOwn, "withOwn");
		assertThat(executor(withOwn)).isSameAs(OwnExecutor.EXECUTOR);
	}

	private static Executor springsVirtualThreadTaskExecutor() throws Exception {
		return (Executor) new ByteBuddy().subclass(Object.class)
			.name(SpringVirtualThreadTaskExecutors.CLASS_NAME)
			.implement(Executor.class)
			.method(ElementMatchers.named("execute"))
			.intercept(StubMethod.INSTANCE)
			.make()
			.load(RabbitListenerFactoryTests.class.getClassLoader(), ClassLoadingStrategy.Default.CHILD_FIRST)
			.getLoaded()
			.getConstructor()
			.newInstance();
	}

	private static Executor executor(AbstractRabbitListenerContainerFactory<?> factory) {
		return (Executor) TaskExecutorField.read(AbstractRabbitListenerContainerFactory.class, factory);
	}

	private static Thread runOn(Executor executor) throws Exception {
		CompletableFuture<Thread> thread = new CompletableFuture<>();
		executor.execute(() -> thread.complete(Thread.currentThread()));
		return thread.get(10, TimeUnit.SECONDS);
	}

	@Configuration(proxyBeanMethods = false)
	static class MoreFactories {

		@Bean
		SimpleRabbitListenerContainerFactory otherSimpleFactory() {
			return new SimpleRabbitListenerContainerFactory();
		}

		@Bean
		DirectRabbitListenerContainerFactory directFactory() {
			return new DirectRabbitListenerContainerFactory();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class OwnExecutor {

		static final SimpleAsyncTaskExecutor EXECUTOR = new SimpleAsyncTaskExecutor("mine-");

		@Bean
		SimpleRabbitListenerContainerFactory rabbitListenerContainerFactory() {
			SimpleRabbitListenerContainerFactory factory = new SimpleRabbitListenerContainerFactory();
			factory.setTaskExecutor(EXECUTOR);
			return factory;
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class CustomFactory {

		@Bean
		CustomRabbitListenerContainerFactory customFactory() {
			return new CustomRabbitListenerContainerFactory();
		}

	}

	/** Neither simple nor direct (a stream factory, a factory of the application's): no name of Boot's to follow. */
	static class CustomRabbitListenerContainerFactory
			extends AbstractRabbitListenerContainerFactory<SimpleMessageListenerContainer> {

		@Override
		protected SimpleMessageListenerContainer createContainerInstance() {
			return new SimpleMessageListenerContainer();
		}

	}

}
