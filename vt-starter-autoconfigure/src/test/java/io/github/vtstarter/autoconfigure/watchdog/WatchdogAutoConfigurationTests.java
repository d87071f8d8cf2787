package io.github.vtstarter.autoconfigure.watchdog;

import java.time.Duration;

import io.github.vtstarter.autoconfigure.InvalidVirtualThreadsPropertyException;
import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.pinning.TestJdk;
import io.github.vtstarter.watchdog.SchedulerWatchdog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.actuate.health.Status;
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
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void equalLagAndStarvationThresholdsAreAccepted() {
		this.runner
			.withPropertyValues("vtstarter.watchdog.lag-threshold=2s", "vtstarter.watchdog.starvation-threshold=2s")
			.run((context) -> assertThat(context.getBean(SchedulerWatchdog.class).getStarvationThreshold())
				.isEqualTo(Duration.ofSeconds(2)));
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void settingsReachTheWatchdog() {
		this.runner
			.withPropertyValues("vtstarter.watchdog.probe-interval=250ms", "vtstarter.watchdog.lag-threshold=3s",
					"vtstarter.watchdog.starvation-threshold=20s", "vtstarter.watchdog.quiet-period=1m")
			.run((context) -> {
				SchedulerWatchdog watchdog = context.getBean(SchedulerWatchdog.class);
				assertThat(watchdog.getInterval()).isEqualTo(Duration.ofMillis(250));
				assertThat(watchdog.getLagThreshold()).isEqualTo(Duration.ofSeconds(3));
				assertThat(watchdog.getStarvationThreshold()).isEqualTo(Duration.ofSeconds(20));
				assertThat(watchdog.getQuietPeriod()).isEqualTo(Duration.ofMinutes(1));
			});
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void healthIsUpWithTheStateWhenNotStarved() {
		this.runner.run((context) -> {
			VirtualThreadsHealthIndicator indicator = context.getBean(WatchdogAutoConfiguration.HEALTH_INDICATOR_NAME,
					VirtualThreadsHealthIndicator.class);
			Health health = indicator.health();
			assertThat(health.getStatus()).isEqualTo(Status.UP);
			assertThat(health.getDetails()).containsEntry("starved", false).containsKey("state");
		});
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void theApplicationsOwnHealthIndicatorNamedVirtualThreadsWins() {
		this.runner.withBean(WatchdogAutoConfiguration.HEALTH_INDICATOR_NAME, HealthIndicator.class,
				() -> () -> Health.unknown().build())
			.run((context) -> assertThat(context.getBean(WatchdogAutoConfiguration.HEALTH_INDICATOR_NAME,
					HealthIndicator.class).health().getStatus()).isEqualTo(Status.UNKNOWN));
	}

	@Test
	void offWithThePropertyOrWithoutVirtualThreads() {
		this.runner.withPropertyValues("vtstarter.watchdog.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(SchedulerWatchdog.class));
		this.runner.withPropertyValues("spring.threads.virtual.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(SchedulerWatchdog.class));
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void badValuesNameTheProperty() {
		this.runner.withPropertyValues("vtstarter.watchdog.probe-interval=1ms")
			.run((context) -> assertThat(context).getFailure()
				.hasRootCauseInstanceOf(InvalidVirtualThreadsPropertyException.class)
				.rootCause()
				.hasMessageContaining("vtstarter.watchdog.probe-interval"));
		this.runner
			.withPropertyValues("vtstarter.watchdog.lag-threshold=5s",
					"vtstarter.watchdog.starvation-threshold=1s")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("vtstarter.watchdog.starvation-threshold"));
		this.runner.withPropertyValues("vtstarter.watchdog.quiet-period=0s")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("vtstarter.watchdog.quiet-period"));
		this.runner.withPropertyValues("vtstarter.watchdog.probe-interval=soon")
			.run((context) -> assertThat(context).getFailure()
				.hasStackTraceContaining("vtstarter.watchdog.probe-interval"));
	}

}
