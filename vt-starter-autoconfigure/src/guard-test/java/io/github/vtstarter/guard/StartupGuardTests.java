package io.github.vtstarter.guard;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import io.github.vtstarter.autoconfigure.DegradedFeatures;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionEvaluationReport;
import org.springframework.boot.context.annotation.ImportCandidates;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.ApplicationContextAssertProvider;
import org.springframework.boot.test.context.runner.AbstractApplicationContextRunner;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The starter must never break an application's start, on any Boot line it supports (3.1.0 to 4.1.x) and any
 * Java (17 to 25). This test builds an application context the way {@code @EnableAutoConfiguration} does, with
 * every auto-configuration of Boot and of vt-starter, once with all optional libraries on the class path and
 * once with each of them hidden from the conditions, for a servlet and a non-web application, with the switch
 * unset and off, and creates every bean (lazy ones too): any {@code LinkageError} from a class that moved
 * between Boot lines, or any other startup failure, fails it. Nothing of the starter may have degraded either.
 * {@link StartupWithoutJarsTests} does the same with libraries really absent and a real server.
 * <p>
 * The same source runs in this module's suite (Boot 3.1.x and 3.5.x) and in the Boot 4 project
 * ({@code src/it/boot4}, Boot 4.0.x and 4.1.x): it uses only test API that every line shares.
 */
class StartupGuardTests {

	/** Optional libraries of the starter, each hidden once. */
	static Stream<Arguments> classPaths() {
		List<Arguments> arguments = new ArrayList<>();
		// The actuator cannot be hidden this way (Boot's own actuator auto-configurations break first):
		// StartupWithoutJarsTests starts applications whose class path really lacks it.
		String[][] hidden = { {}, { "io.micrometer" },
				{ "org.apache.catalina", "org.apache.coyote", "org.apache.tomcat" }, { "org.eclipse.jetty" },
				{ "io.undertow" }, { "org.springframework.web.servlet" }, { "com.tngtech.archunit" },
				{ "org.junit.jupiter" },
				{ "org.springframework.kafka" }, { "org.springframework.jms" }, { "org.springframework.data.redis" },
				{ "org.springframework.amqp" }, { "org.springframework.integration" } };
		String[][] properties = { {}, { "spring.threads.virtual.enabled=false" },
				{ "spring.main.keep-alive=true", "vtstarter.pinning.enabled=false" } };
		for (String[] packages : hidden) {
			for (String[] props : properties) {
				if (packages.length == 0 || props.length == 0) {
					arguments.add(Arguments.of(String.join(",", packages), String.join(",", props)));
				}
			}
		}
		return arguments.stream();
	}

	@ParameterizedTest(name = "servlet app without [{0}], properties [{1}]")
	@MethodSource("classPaths")
	void servletApplicationStarts(String hiddenPackages, String properties) {
		prepared(new WebApplicationContextRunner(), hiddenPackages, properties).run(StartupGuardTests::assertStarted);
		assertNothingDegraded();
	}

	@ParameterizedTest(name = "non-web app without [{0}], properties [{1}]")
	@MethodSource("classPaths")
	void nonWebApplicationStarts(String hiddenPackages, String properties) {
		prepared(new ApplicationContextRunner(), hiddenPackages, properties).run(StartupGuardTests::assertStarted);
		assertNothingDegraded();
	}

	private static <R extends AbstractApplicationContextRunner<R, ?, ?>> R prepared(R runner, String hiddenPackages,
			String properties) {
		String[] hidden = hiddenPackages.isEmpty() ? new String[0] : hiddenPackages.split(",");
		String[] values = properties.isEmpty() ? new String[0] : properties.split(",");
		return runner.withClassLoader(new FilteredClassLoader(hidden))
			.withUserConfiguration(AutoConfiguredApplication.class)
			.withPropertyValues(values)
			// No embedded Artemis broker, and a native connection factory that connects only when used: the Artemis
			// broker of Boot 3.x does not start on Java 24+, a matter of the test class path, not of the starter.
			.withPropertyValues("spring.jmx.enabled=false", "server.port=0", "spring.artemis.mode=native",
					"spring.artemis.embedded.enabled=false");
	}

	private static void assertStarted(ApplicationContextAssertProvider<?> context) {
		assertThat(context.getStartupFailure()).as("start-up failure on Spring Boot " + SpringBootVersion.getVersion())
			.isNull();
		ConfigurableApplicationContext started = (ConfigurableApplicationContext) context.getSourceApplicationContext();
		for (String name : started.getBeanDefinitionNames()) {
			if (!started.getBeanFactory().getBeanDefinition(name).isAbstract()) {
				started.getBean(name); // lazy beans too, such as the application task executor
			}
		}
		// Every auto-configuration of the starter was considered (its conditions are in the report).
		Set<String> evaluated = ConditionEvaluationReport.get(started.getBeanFactory())
			.getConditionAndOutcomesBySource()
			.keySet();
		for (String starterAutoConfiguration : starterAutoConfigurations()) {
			assertThat(evaluated).anyMatch((source) -> source.startsWith(starterAutoConfiguration));
		}
	}

	private static void assertNothingDegraded() {
		assertThat(DegradedFeatures.all()).as("features of vt-starter that switched themselves off").isEmpty();
	}

	private static List<String> starterAutoConfigurations() {
		List<String> starter = new ArrayList<>();
		for (String name : ImportCandidates.load(AutoConfiguration.class, StartupGuardTests.class.getClassLoader())) {
			if (name.startsWith("io.github.vtstarter.")) {
				starter.add(name);
			}
		}
		assertThat(starter).as("vt-starter's auto-configurations").hasSizeGreaterThanOrEqualTo(9);
		return starter;
	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class AutoConfiguredApplication {

	}

}
