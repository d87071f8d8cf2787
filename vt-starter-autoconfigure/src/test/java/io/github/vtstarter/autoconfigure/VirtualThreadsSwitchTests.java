package io.github.vtstarter.autoconfigure;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.testsupport.EnabledWith.Runtime;
import io.github.vtstarter.testsupport.EnabledWith;
import io.github.vtstarter.testsupport.RunningApp;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionEvaluationReport;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.PropertySource;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * Boot's own switch drives the starter; its default, its conditions report and its bad values.
 */
@ExtendWith(OutputCaptureExtension.class)
class VirtualThreadsSwitchTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(VirtualThreadsAutoConfiguration.class));

	@Test
	@EnabledWith(Runtime.VIRTUAL_THREADS)
	void onByDefaultOnJava21() {
		this.runner.run((context) -> assertThat(context).hasSingleBean(VirtualThreadRegistry.class));
	}

	@Test
	void offWhenSwitchedOff() {
		this.runner.withPropertyValues("spring.threads.virtual.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(VirtualThreadRegistry.class));
	}

	@Test
	@EnabledWith(Runtime.BOOT_NATIVE)
	void onBoot32TheDefaultGoesToDefaultPropertiesSoThatBootsOwnConditionsSeeIt() {
		try (RunningApp app = RunningApp.start(App.class, WebApplicationType.NONE)) {
			assertThat(app.context().getEnvironment().getProperty("spring.threads.virtual.enabled")).isEqualTo("true");
			assertThat(app.context().getEnvironment().getPropertySources().get("defaultProperties")).isNotNull();
		}
	}

	@Test
	@EnabledWith(Runtime.BACKPORT)
	void onBoot31NothingIsAddedToTheEnvironmentAndAMissingValueMeansOn() {
		try (RunningApp app = RunningApp.start(App.class, WebApplicationType.NONE)) {
			assertThat(app.context().getEnvironment().getProperty("spring.threads.virtual.enabled")).isNull();
			assertThat(app.context().getBeansOfType(VirtualThreadRegistry.class)).hasSize(1);
		}
	}

	@Test
	@EnabledWith(Runtime.BACKPORT)
	void aPropertySourceFileCanSwitchItOff() {
		// @PropertySource files join the environment during the refresh, behind the sources already there: a
		// default added by the starter would hide them.
		try (RunningApp app = RunningApp.start(PropertySourceApp.class, WebApplicationType.NONE)) {
			assertThat(app.context().getEnvironment().getProperty("spring.threads.virtual.enabled")).isEqualTo("false");
			assertThat(app.context().getBeansOfType(VirtualThreadRegistry.class)).isEmpty();
		}
	}

	@Test
	@EnabledWith(Runtime.VIRTUAL_THREADS)
	void valuesAreConvertedAsBootConvertsThem() {
		for (String on : new String[] { "TRUE", "on", "yes", "1", " true " }) {
			this.runner.withPropertyValues("spring.threads.virtual.enabled=" + on)
				.run((context) -> assertThat(context).as(on).hasSingleBean(VirtualThreadRegistry.class));
		}
		for (String off : new String[] { "FALSE", "off", "no", "0" }) {
			this.runner.withPropertyValues("spring.threads.virtual.enabled=" + off)
				.run((context) -> assertThat(context).as(off).doesNotHaveBean(VirtualThreadRegistry.class));
		}
	}

	@Test
	@EnabledWith(Runtime.VIRTUAL_THREADS)
	void anEnvironmentVariableSwitchesItOff() {
		this.runner
			.withInitializer((context) -> context.getEnvironment().getPropertySources().addFirst(
					new SystemEnvironmentPropertySource("env", Map.of("SPRING_THREADS_VIRTUAL_ENABLED", "false"))))
			.run((context) -> assertThat(context).doesNotHaveBean(VirtualThreadRegistry.class));
	}

	@Test
	void userValueWinsOverTheDefault() {
		try (RunningApp app = RunningApp.start(App.class, WebApplicationType.NONE,
				"spring.threads.virtual.enabled=false")) {
			assertThat(app.context().getEnvironment().getProperty("spring.threads.virtual.enabled")).isEqualTo("false");
			assertThat(app.context().getBeansOfType(VirtualThreadRegistry.class)).isEmpty();
		}
	}

	@Test
	@EnabledWith(Runtime.BACKPORT)
	void conditionsReportSaysWhyTheBackportIsOnOrOff() {
		this.runner.withConfiguration(AutoConfigurations.of(
				io.github.vtstarter.autoconfigure.task.VirtualThreadsTaskExecutionAutoConfiguration.class))
			.run((context) -> {
				String report = report(context);
				assertThat(report).contains("spring.threads.virtual.enabled is not set (vt-starter's default: true)")
					.contains("has no virtual-thread support for this (it came in 3.2)");
			});
		this.runner.withPropertyValues("spring.threads.virtual.enabled=false").run((context) -> {
			String report = report(context);
			assertThat(report).contains("spring.threads.virtual.enabled is false");
		});
	}

	@Test
	void aValueThatIsNotABooleanFailsTheStartWithAnAnalysis(CapturedOutput output) {
		assertThatException()
			.isThrownBy(() -> RunningApp.start(App.class, WebApplicationType.NONE, "spring.threads.virtual.enabled=maybe"))
			.satisfies((ex) -> assertThat(causes(ex)).hasAtLeastOneElementOfType(InvalidVirtualThreadsPropertyException.class));
		assertThat(output).contains("APPLICATION FAILED TO START")
			.contains("Invalid value 'maybe' for property 'spring.threads.virtual.enabled': it must be true or false.")
			.contains("Update the value of 'spring.threads.virtual.enabled'");
	}

	private static List<Throwable> causes(Throwable ex) {
		List<Throwable> chain = new ArrayList<>();
		for (Throwable cause = ex; cause != null && !chain.contains(cause); cause = cause.getCause()) {
			chain.add(cause);
		}
		return chain;
	}

	private static String report(ConfigurableApplicationContext context) {
		StringBuilder report = new StringBuilder();
		ConditionEvaluationReport.get(context.getBeanFactory())
			.getConditionAndOutcomesBySource()
			.forEach((source, outcomes) -> outcomes
				.forEach((outcome) -> report.append(source).append(": ").append(outcome.getOutcome()).append('\n')));
		return report.toString();
	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class App {

	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	@PropertySource("classpath:virtual-threads-off.properties")
	static class PropertySourceApp {

	}

}
