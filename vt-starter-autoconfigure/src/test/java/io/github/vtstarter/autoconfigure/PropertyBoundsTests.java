package io.github.vtstarter.autoconfigure;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.github.vtstarter.autoconfigure.actuate.DumpProperties;
import io.github.vtstarter.autoconfigure.actuate.VirtualThreadsEndpoint;
import io.github.vtstarter.autoconfigure.doctor.DependencyDoctorReport;
import io.github.vtstarter.autoconfigure.pinning.PinningProperties;
import io.github.vtstarter.autoconfigure.task.VirtualThreadsTaskExecutionAutoConfiguration;
import io.github.vtstarter.pinning.PinningMonitor;
import io.github.vtstarter.pinning.TestJdk;
import io.github.vtstarter.testsupport.RunningApp;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import io.github.vtstarter.watchdog.SchedulerWatchdog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.util.unit.DataSize;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * Every bound docs/configuration.md names, on a real application: a value just outside it stops the start, and the
 * failure names the property; a value at the bound starts, and is the value in effect. The table below must hold a
 * case for each property whose documentation says a value "fails the start", so that a bound added to the docs
 * without a test fails here. ({@code BadInputTests} checks Boot's failure analysis for more bad values.)
 */
@EnabledIf(TestJdk.VIRTUAL_THREADS)
class PropertyBoundsTests {

	/** Just outside each documented bound: property, value. */
	static Stream<Arguments> refused() {
		return Stream.of(Arguments.of("spring.threads.virtual.enabled", "yes-please"),
				Arguments.of("spring.task.execution.simple.concurrency-limit", "0"),
				Arguments.of("vtstarter.pinning.threshold", "-1ns"), Arguments.of("vtstarter.pinning.ring-size", "0"),
				Arguments.of("vtstarter.pinning.ring-size", "100001"),
				Arguments.of("vtstarter.pinning.sites-shown", "-1"),
				Arguments.of("vtstarter.watchdog.probe-interval", "9ms"),
				Arguments.of("vtstarter.watchdog.lag-threshold", "0s"),
				Arguments.of("vtstarter.watchdog.starvation-threshold", "999ms"),
				Arguments.of("vtstarter.watchdog.quiet-period", "0s"), Arguments.of("vtstarter.dump.max-threads", "0"),
				Arguments.of("vtstarter.dump.max-size", "0B"), Arguments.of("vtstarter.doctor.enabled", "maybe"),
				Arguments.of("vtstarter.jms.virtual-threads.enabled", "maybe"));
	}

	@ParameterizedTest(name = "{0}={1} stops the start, naming the property")
	@MethodSource("refused")
	void justOutsideTheBoundTheStartFailsNamingTheProperty(String property, String value) {
		if (property.equals(VirtualThreadsTaskExecutionAutoConfiguration.CONCURRENCY_LIMIT_PROPERTY)) {
			assumeFalse(BootVersion.current().hasNativeVirtualThreads(),
					"spring.task.execution.simple.concurrency-limit is Boot's own from 3.2: its 0 is Boot's matter");
		}
		// The starvation threshold's bound is the lag threshold (1s by default): 999ms is just under it.
		assertThatThrownBy(() -> start(property + "=" + value).close())
			.hasStackTraceContaining(property)
			.satisfies((failure) -> {
				InvalidVirtualThreadsPropertyException ours = find(failure);
				if (ours != null) {
					assertThat(ours.getProperty()).isEqualTo(property);
				}
			});
	}

	@Test
	void atTheLowerBoundsTheApplicationStartsWithThoseValues() {
		try (RunningApp app = start("vtstarter.pinning.threshold=0ns",
				"vtstarter.pinning.ring-size=1", "vtstarter.pinning.sites-shown=0",
				"vtstarter.watchdog.probe-interval=10ms", "vtstarter.dump.max-threads=1", "vtstarter.dump.max-size=1B",
				"spring.task.execution.simple.concurrency-limit=1", "spring.threads.virtual.enabled=On",
				"vtstarter.doctor.enabled=off", "vtstarter.jms.virtual-threads.enabled=true")) {
			ConfigurableApplicationContext context = app.context();
			PinningMonitor monitor = context.getBean(PinningMonitor.class);
			assertThat(monitor.getThreshold()).isZero();
			assertThat(monitor.getStatistics().getRingSize()).isEqualTo(1);
			assertThat(context.getBean(PinningProperties.class).getSitesShown()).isZero();
			assertThat(context.getBean(SchedulerWatchdog.class).getInterval()).isEqualTo(Duration.ofMillis(10));
			DumpProperties dump = context.getBean(DumpProperties.class);
			assertThat(dump.getMaxThreads()).isEqualTo(1);
			assertThat(dump.getMaxSize()).isEqualTo(DataSize.ofBytes(1));
			assertThat(context.getBean(DependencyDoctorReport.class).isEnabled()).as("doctor off").isFalse();
			Map<String, Object> body = context.getBean(VirtualThreadsEndpoint.class).virtualThreads();
			assertThat(body).containsEntry("enabled", true);
			assertThat(body.get("listeners").toString()).contains("virtualThreads=true");
			if (!BootVersion.current().hasNativeVirtualThreads()) {
				context.getBean("applicationTaskExecutor");
				assertThat(context.getBean(VirtualThreadRegistry.class).stats("applicationTaskExecutor")
					.getConcurrencyLimit()).isEqualTo(1);
			}
		}
	}

	@Test
	void atTheUpperAndRelativeBoundsTheApplicationStartsWithThoseValues() {
		try (RunningApp app = start("vtstarter.pinning.ring-size=100000",
				"vtstarter.watchdog.lag-threshold=2s", "vtstarter.watchdog.starvation-threshold=2s",
				"vtstarter.watchdog.quiet-period=1ns", "spring.task.execution.simple.concurrency-limit=-1",
				"vtstarter.jms.virtual-threads.enabled=false")) {
			ConfigurableApplicationContext context = app.context();
			assertThat(context.getBean(PinningMonitor.class).getStatistics().getRingSize()).isEqualTo(100_000);
			SchedulerWatchdog watchdog = context.getBean(SchedulerWatchdog.class);
			assertThat(watchdog.getLagThreshold()).isEqualTo(Duration.ofSeconds(2));
			assertThat(watchdog.getStarvationThreshold()).as("equal to the lag threshold is fine")
				.isEqualTo(Duration.ofSeconds(2));
			assertThat(watchdog.getQuietPeriod()).isEqualTo(Duration.ofNanos(1));
			Map<String, Object> body = context.getBean(VirtualThreadsEndpoint.class).virtualThreads();
			assertThat(body.get("listeners").toString()).contains("virtualThreads=false");
			if (!BootVersion.current().hasNativeVirtualThreads()) {
				context.getBean("applicationTaskExecutor");
				assertThat(context.getBean(VirtualThreadRegistry.class).stats("applicationTaskExecutor")
					.getConcurrencyLimit()).as("-1: no limit").isLessThanOrEqualTo(0);
			}
		}
	}

	@Test
	void theSmallestPositiveLagThresholdStarts() {
		try (RunningApp app = start("vtstarter.watchdog.lag-threshold=1ns")) {
			assertThat(app.context().getBean(SchedulerWatchdog.class).getLagThreshold()).isEqualTo(Duration.ofNanos(1));
		}
	}

	@Test
	void theSwitchIsReadAsBootReadsBooleans() {
		try (RunningApp app = start("spring.threads.virtual.enabled=OFF")) {
			assertThat(app.context().getBeanNamesForType(PinningMonitor.class)).isEmpty();
			assertThat(app.context().getBean(VirtualThreadsEndpoint.class).virtualThreads()).containsEntry("mode",
					"disabled");
		}
	}

	@Test
	void everyBoundTheDocsNameHasACase() throws Exception {
		Set<String> tested = new LinkedHashSet<>();
		refused().forEach((arguments) -> tested.add((String) arguments.get()[0]));
		Set<String> documented = new LinkedHashSet<>();
		Pattern row = Pattern.compile("^\\| `([^`]+)`[^|]*\\|[^|]*\\|(.*)\\|\\s*$");
		for (String line : Files.readAllLines(docs().resolve("configuration.md"), StandardCharsets.UTF_8)) {
			Matcher matcher = row.matcher(line);
			if (matcher.matches() && matcher.group(2).contains("fails the start")) {
				documented.add(matcher.group(1));
			}
		}
		assertThat(documented).as("properties docs/configuration.md gives a bound for").isNotEmpty();
		assertThat(tested).containsAll(documented);
	}

	// The endpoint exposed, so that it exists and its limits (vtstarter.dump.*) are read.
	private static RunningApp start(String... properties) {
		String[] all = new String[properties.length + 1];
		all[0] = "management.endpoints.web.exposure.include=virtualthreads";
		System.arraycopy(properties, 0, all, 1, properties.length);
		return RunningApp.web(BoundsApp.class, all);
	}

	private static Path docs() {
		for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
			if (Files.isRegularFile(dir.resolve("docs/configuration.md"))) {
				return dir.resolve("docs");
			}
		}
		throw new IllegalStateException("no docs/configuration.md above " + Path.of("").toAbsolutePath());
	}

	private static InvalidVirtualThreadsPropertyException find(Throwable failure) {
		List<Throwable> seen = new ArrayList<>();
		for (Throwable cause = failure; cause != null && !seen.contains(cause); cause = cause.getCause()) {
			seen.add(cause);
			if (cause instanceof InvalidVirtualThreadsPropertyException invalid) {
				return invalid;
			}
		}
		return null;
	}

	@SpringBootConfiguration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class BoundsApp {

	}

}
