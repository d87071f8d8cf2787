package io.github.vtstarter.autoconfigure;

import io.github.vtstarter.testsupport.EnabledWith;
import io.github.vtstarter.testsupport.EnabledWith.Runtime;
import io.github.vtstarter.testsupport.RunningApp;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.beans.factory.BeanCreationException;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionEvaluationReport;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

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
	@EnabledWith(Runtime.VIRTUAL_THREADS)
	void environmentDefaultsTheSwitchToTrueSoThatBoot32SeesItToo() {
		try (RunningApp app = RunningApp.start(App.class, WebApplicationType.NONE)) {
			assertThat(app.context().getEnvironment().getProperty("spring.threads.virtual.enabled")).isEqualTo("true");
			assertThat(app.context().getEnvironment().getPropertySources()
				.contains(VirtualThreadsEnvironmentPostProcessor.PROPERTY_SOURCE_NAME)).isTrue();
		}
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
			.isThrownBy(() -> RunningApp.start(App.class, WebApplicationType.NONE, "spring.threads.virtual.enabled=yes"))
			.satisfies((ex) -> assertThat(ex).isInstanceOfAny(InvalidVirtualThreadsPropertyException.class,
					BeanCreationException.class, IllegalStateException.class));
		assertThat(output).contains("APPLICATION FAILED TO START")
			.contains("Invalid value 'yes' for property 'spring.threads.virtual.enabled': it must be true or false.")
			.contains("Update the value of 'spring.threads.virtual.enabled'");
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

}
