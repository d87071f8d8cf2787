package io.github.vtstarter.autoconfigure.watchdog;

import io.github.vtstarter.autoconfigure.InvalidVirtualThreadsPropertyException;
import io.github.vtstarter.autoconfigure.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.pinning.TestJdk;
import io.github.vtstarter.watchdog.SchedulerWatchdog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link WatchdogAutoConfiguration}: when the watchdog and the health indicator exist, and bad values.
 */
class WatchdogAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(VirtualThreadsAutoConfiguration.class,
				WatchdogAutoConfiguration.class))
		.withPropertyValues("spring.threads.virtual.enabled=true");

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void watchdogAndHealthIndicatorNamedVirtualThreads() {
		this.runner.run((context) -> {
			assertThat(context).hasSingleBean(SchedulerWatchdog.class);
			assertThat(context).hasBean(WatchdogAutoConfiguration.HEALTH_INDICATOR_NAME);
			assertThat(context.getBean(SchedulerWatchdog.class).isRunning()).isTrue();
		});
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void noHealthIndicatorWithoutTheActuator() {
		this.runner.withClassLoader(new FilteredClassLoader("org.springframework.boot.actuate.health"))
			.run((context) -> assertThat(context).hasSingleBean(SchedulerWatchdog.class)
				.doesNotHaveBean(WatchdogAutoConfiguration.HEALTH_INDICATOR_NAME));
	}

	@Test
	void offWithThePropertyOrWithoutVirtualThreads() {
		this.runner.withPropertyValues("vtstarter.scheduler.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(SchedulerWatchdog.class));
		this.runner.withPropertyValues("spring.threads.virtual.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(SchedulerWatchdog.class));
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void badValuesNameTheProperty() {
		this.runner.withPropertyValues("vtstarter.scheduler.probe-interval=1ms")
			.run((context) -> assertThat(context).getFailure()
				.hasRootCauseInstanceOf(InvalidVirtualThreadsPropertyException.class)
				.rootCause()
				.hasMessageContaining("vtstarter.scheduler.probe-interval"));
		this.runner
			.withPropertyValues("vtstarter.scheduler.lag-warning-threshold=5s",
					"vtstarter.scheduler.starvation-threshold=1s")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("vtstarter.scheduler.starvation-threshold"));
		this.runner.withPropertyValues("vtstarter.scheduler.probe-interval=soon")
			.run((context) -> assertThat(context).getFailure()
				.hasStackTraceContaining("vtstarter.scheduler.probe-interval"));
	}

}
