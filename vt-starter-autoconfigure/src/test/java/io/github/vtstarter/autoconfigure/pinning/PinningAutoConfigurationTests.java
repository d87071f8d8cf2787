package io.github.vtstarter.autoconfigure.pinning;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import io.github.vtstarter.autoconfigure.DegradedFeatures;
import io.github.vtstarter.autoconfigure.DegradedFeaturesCleanup;
import io.github.vtstarter.autoconfigure.InvalidVirtualThreadsPropertyException;
import io.github.vtstarter.pinning.Eventually;
import io.github.vtstarter.pinning.FakePinnedEvent;
import io.github.vtstarter.pinning.PinningMonitor;
import io.github.vtstarter.pinning.SlowPinningEventSource;
import io.github.vtstarter.pinning.TestJdk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link PinningAutoConfiguration}: when the monitor exists, its lifecycle, its properties.
 */
@ExtendWith(OutputCaptureExtension.class)
class PinningAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(PinningAutoConfiguration.class));

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void monitorRunsWithTheContextAndStopsWithIt() {
		Set<Thread> before = TestJdk.jfrStreamThreads();
		PinningMonitor[] seen = new PinningMonitor[1];
		this.runner.run((context) -> {
			PinningMonitor monitor = context.getBean(PinningMonitor.class);
			seen[0] = monitor;
			assertThat(monitor.awaitStart(Duration.ofSeconds(10))).as(monitor.getUnavailableReason()).isTrue();
			assertThat(monitor.getThreshold()).isEqualTo(Duration.ofMillis(20));
			assertThat(monitor.getStatistics().getRingSize()).isEqualTo(100);
			assertThat(TestJdk.jfrStreamThreadsSince(before)).hasSize(1);
		});
		assertThat(seen[0].isAvailable()).isFalse();
		TestJdk.awaitJfrStreamThreadsEnded(before);
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void propertiesSetThresholdAndRing() {
		this.runner.withPropertyValues("vtstarter.pinning.threshold=5ms", "vtstarter.pinning.ring-size=7")
			.run((context) -> {
				PinningMonitor monitor = context.getBean(PinningMonitor.class);
				assertThat(monitor.getThreshold()).isEqualTo(Duration.ofMillis(5));
				assertThat(monitor.getStatistics().getRingSize()).isEqualTo(7);
			});
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void newSiteIsLoggedOnceAtWarnWithItsStack(CapturedOutput output) {
		this.runner.withPropertyValues("vtstarter.pinning.threshold=0ms").run((context) -> {
			PinningMonitor monitor = context.getBean(PinningMonitor.class);
			assertThat(monitor.awaitStart(Duration.ofSeconds(10))).as(monitor.getUnavailableReason()).isTrue();
			for (int i = 0; i < 3; i++) {
				pinFromHere();
			}
			Eventually.await(Duration.ofSeconds(30), () -> monitor.getStatistics().getTotal() >= 3);
			Eventually.await(Duration.ofSeconds(5), () -> output.getOut().contains("was pinned to its carrier"));
		});
		String log = output.getOut();
		assertThat(log.split("was pinned to its carrier", -1)).hasSize(2);
		assertThat(log).contains("WARN").contains("\tat " + PinningAutoConfigurationTests.class.getName() + ".pinFromHere(line ");
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void loggingCanBeSwitchedOff(CapturedOutput output) {
		this.runner.withPropertyValues("vtstarter.pinning.threshold=0ms", "vtstarter.pinning.log-new-sites=false")
			.run((context) -> {
				PinningMonitor monitor = context.getBean(PinningMonitor.class);
				assertThat(monitor.awaitStart(Duration.ofSeconds(10))).as(monitor.getUnavailableReason()).isTrue();
				pinFromHere();
				Eventually.await(Duration.ofSeconds(30), () -> monitor.getStatistics().getTotal() >= 1);
			});
		assertThat(output.getOut()).doesNotContain("was pinned to its carrier");
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void aMonitorThatCannotStartIsOneWarningAndADegradedFeature(CapturedOutput output) {
		this.runner
			.withBean(PinningMonitor.class, () -> new PinningMonitor(Duration.ofMillis(20), 10, 10, () -> {
				throw new IllegalStateException("Flight Recorder refused the stream");
			}))
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBean(PinningMonitor.class).awaitStart(Duration.ofSeconds(10))).isFalse();
			});
		assertThat(DegradedFeatures.all()).hasEntrySatisfying("the pinning monitor",
				(reason) -> assertThat(reason).contains("Flight Recorder refused the stream"));
		assertThat(output.getOut().lines().filter((line) -> line.contains(" WARN ") && line.contains("pinning monitor")))
			.hasSize(1);
		DegradedFeaturesCleanup.forget("the pinning monitor");
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void theContextStartsWithoutWaitingForFlightRecorder() throws Exception {
		SlowPinningEventSource source = new SlowPinningEventSource();
		this.runner.withBean(PinningMonitor.class, () -> new PinningMonitor(Duration.ofMillis(20), 10, 10, () -> source))
			.run((context) -> {
				assertThat(context).hasNotFailed();
				PinningMonitor monitor = context.getBean(PinningMonitor.class);
				assertThat(source.entered.await(10, TimeUnit.SECONDS)).isTrue();
				assertThat(monitor.getUnavailableReason()).isEqualTo(PinningMonitor.STARTING);
				source.release.countDown();
				assertThat(monitor.awaitStart(Duration.ofSeconds(10))).isTrue();
			});
		assertThat(source.closed).isTrue();
		assertThat(source.startedOn).isEqualTo(PinningMonitor.STARTER_THREAD_NAME);
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void aContextStoppedAndStartedAgainRecordsAgain() {
		this.runner.run((context) -> {
			PinningMonitor monitor = context.getBean(PinningMonitor.class);
			assertThat(monitor.awaitStart(Duration.ofSeconds(10))).as(monitor.getUnavailableReason()).isTrue();
			context.getSourceApplicationContext().stop();
			assertThat(monitor.getUnavailableReason()).isEqualTo("the monitor has been closed");
			context.getSourceApplicationContext().start();
			assertThat(monitor.awaitStart(Duration.ofSeconds(10))).as(monitor.getUnavailableReason()).isTrue();
		});
	}

	@Test
	void switchedOffByProperty() {
		this.runner.withPropertyValues("vtstarter.pinning.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(PinningMonitor.class));
	}

	@Test
	void absentWhenVirtualThreadsAreOff() {
		this.runner.withPropertyValues("spring.threads.virtual.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(PinningMonitor.class));
	}

	@Test
	@EnabledIf(TestJdk.NO_VIRTUAL_THREADS)
	void absentBeforeJava21() {
		this.runner.run((context) -> assertThat(context).doesNotHaveBean(PinningMonitor.class));
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void userMonitorWins() {
		this.runner.withUserConfiguration(UserMonitor.class).run((context) -> {
			assertThat(context).hasSingleBean(PinningMonitor.class);
			assertThat(context.getBean(PinningMonitor.class).getThreshold()).isEqualTo(Duration.ofSeconds(1));
		});
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void negativeThresholdFailsNamingTheProperty() {
		this.runner.withPropertyValues("vtstarter.pinning.threshold=-1ms").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(InvalidVirtualThreadsPropertyException.class)
				.hasMessageContaining("'vtstarter.pinning.threshold'");
		});
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void emptyRingFailsNamingTheProperty() {
		this.runner.withPropertyValues("vtstarter.pinning.ring-size=0").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(InvalidVirtualThreadsPropertyException.class)
				.hasMessageContaining("'vtstarter.pinning.ring-size'");
		});
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void negativeSitesShownFailsNamingTheProperty() {
		this.runner.withPropertyValues("vtstarter.pinning.sites-shown=-1").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.hasMessageContaining("'vtstarter.pinning.sites-shown'");
		});
	}

	private static void pinFromHere() {
		FakePinnedEvent.commit(() -> {
		});
	}

	@Configuration(proxyBeanMethods = false)
	static class UserMonitor {

		@Bean
		PinningMonitor myMonitor() {
			return new PinningMonitor(Duration.ofSeconds(1), 10);
		}

	}

}
