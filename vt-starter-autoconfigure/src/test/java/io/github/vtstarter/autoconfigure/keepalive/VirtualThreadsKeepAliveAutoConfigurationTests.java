package io.github.vtstarter.autoconfigure.keepalive;

import java.time.Duration;

import io.github.vtstarter.autoconfigure.InvalidVirtualThreadsPropertyException;
import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.testsupport.EnabledWith.Runtime;
import io.github.vtstarter.testsupport.EnabledWith;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.Scheduled;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * When vt-starter keeps the JVM alive, and the thread it uses.
 */
class VirtualThreadsKeepAliveAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(VirtualThreadsAutoConfiguration.class,
				VirtualThreadsKeepAliveAutoConfiguration.class));

	@Test
	@EnabledWith(Runtime.VIRTUAL_THREADS)
	void withScheduledMethodsTheThreadLivesFromRefreshToClose() {
		KeepAliveThread[] keepAlive = new KeepAliveThread[1];
		this.runner.withUserConfiguration(SchedulingApp.class).run((context) -> {
			keepAlive[0] = context.getBean(KeepAliveThread.class);
			assertThat(keepAlive[0].isAlive()).isTrue();
			Thread thread = findThread(KeepAliveThread.THREAD_NAME);
			assertThat(thread).isNotNull();
			assertThat(thread.isDaemon()).isFalse();
		});
		await().atMost(Duration.ofSeconds(5)).until(() -> !keepAlive[0].isAlive());
	}

	@Test
	@EnabledWith(Runtime.VIRTUAL_THREADS)
	void enableSchedulingWithoutScheduledMethodsGivesTheJvmNoWorkToWaitFor() {
		this.runner.withUserConfiguration(EnableSchedulingOnlyApp.class)
			.run((context) -> assertThat(context.getBean(KeepAliveThread.class).isAlive()).isFalse());
	}

	@Test
	@EnabledWith(Runtime.VIRTUAL_THREADS)
	void otherwiseTheThreadStartsWithTheApplicationTaskExecutorsFirstTask() {
		this.runner.run((context) -> {
			KeepAliveThread keepAlive = context.getBean(KeepAliveThread.class);
			assertThat(keepAlive.isAlive()).as("nothing to wait for yet").isFalse();
			// watching for it registers no executor: none is counted yet, so the endpoint and meters show none
			assertThat(context.getBean(VirtualThreadRegistry.class).all()).isEmpty();
			// what the executor's counted thread factory does when it is handed a task
			context.getBean(VirtualThreadRegistry.class).stats("applicationTaskExecutor").track(() -> {
			});
			assertThat(keepAlive.isAlive()).isTrue();
		});
	}

	@Test
	@EnabledWith(Runtime.BACKPORT)
	void keepAliveTrueStartsTheThreadOnRefreshAsInBoot32() {
		this.runner.withPropertyValues("spring.main.keep-alive=true")
			.run((context) -> assertThat(context.getBean(KeepAliveThread.class).isAlive()).isTrue());
	}

	@Test
	@EnabledWith(Runtime.VIRTUAL_THREADS)
	void keepAliveFalseTurnsItOff() {
		this.runner.withPropertyValues("spring.main.keep-alive=false")
			.run((context) -> assertThat(context).doesNotHaveBean(KeepAliveThread.class));
	}

	@Test
	void virtualThreadsOffMeansNoKeepAlive() {
		this.runner.withPropertyValues("spring.threads.virtual.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(KeepAliveThread.class));
	}

	@Test
	@EnabledWith(Runtime.BACKPORT)
	void keepAliveTrueIsBackportedEvenWithoutVirtualThreads() {
		this.runner.withPropertyValues("spring.threads.virtual.enabled=false", "spring.main.keep-alive=true")
			.run((context) -> assertThat(context).hasSingleBean(KeepAliveThread.class));
	}

	@Test
	@EnabledWith(Runtime.BOOT_NATIVE)
	void keepAliveTrueIsLeftToBoot32() {
		this.runner.withPropertyValues("spring.main.keep-alive=true")
			.run((context) -> assertThat(context).doesNotHaveBean(KeepAliveThread.class));
	}

	@Test
	@EnabledWith(Runtime.NO_VIRTUAL_THREADS)
	void noKeepAliveOnJava17ByDefault() {
		this.runner.run((context) -> assertThat(context).doesNotHaveBean(KeepAliveThread.class));
	}

	@Test
	void aValueThatIsNotABooleanFailsNamingTheProperty() {
		this.runner.withPropertyValues("spring.main.keep-alive=sometimes")
			.run((context) -> assertThat(context).getFailure()
				.hasRootCauseInstanceOf(InvalidVirtualThreadsPropertyException.class)
				.rootCause()
				.hasMessageContaining("'spring.main.keep-alive'"));
	}

	private static Thread findThread(String name) {
		return Thread.getAllStackTraces().keySet().stream().filter((t) -> t.getName().equals(name)).findFirst()
			.orElse(null);
	}

	@Configuration(proxyBeanMethods = false)
	@EnableScheduling
	static class SchedulingApp {

		@Scheduled(fixedRate = 60_000, initialDelay = 60_000)
		void everyMinute() {
		}

	}

	@Configuration(proxyBeanMethods = false)
	@EnableScheduling
	static class EnableSchedulingOnlyApp {

	}

}
