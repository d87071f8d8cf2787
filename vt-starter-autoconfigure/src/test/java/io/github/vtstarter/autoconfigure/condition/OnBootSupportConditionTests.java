package io.github.vtstarter.autoconfigure.condition;

import io.github.vtstarter.autoconfigure.BootVersion;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.condition.ConditionEvaluationReport;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link ConditionalOnBootSupport} and {@link ConditionalOnMissingBootSupport}: the starter's backport where Boot
 * lacks a piece, Boot's own where it has it, and the conditions report saying which and why. A release before
 * any Boot and one after every Boot give each side on whatever Boot the suite runs.
 */
class OnBootSupportConditionTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withUserConfiguration(Pieces.class);

	@Test
	void aPieceBootAlreadyHasIsBootsAndTheReportSaysSince() {
		this.runner.run((context) -> {
			assertThat(context).hasBean("bootHasIt").doesNotHaveBean("backportOfWhatBootHas");
			assertThat(report(context))
				.contains("bootHasIt: true @ConditionalOnBootSupport (since 1.0) Spring Boot " + BootVersion.current()
						+ " configures virtual threads for this itself (since 1.0)")
				.contains("backportOfWhatBootHas: false @ConditionalOnMissingBootSupport (since 1.0) Spring Boot "
						+ BootVersion.current() + " configures virtual threads for this itself (since 1.0)");
		});
	}

	@Test
	void aPieceBootLacksIsTheBackportAndTheReportSaysWhenItCame() {
		this.runner.run((context) -> {
			assertThat(context).hasBean("backportOfWhatBootLacks").doesNotHaveBean("bootLacksIt");
			assertThat(report(context))
				.contains("backportOfWhatBootLacks: true @ConditionalOnMissingBootSupport (since 99.0) Spring Boot "
						+ BootVersion.current() + " has no virtual-thread support for this (it came in 99.0)")
				.contains("bootLacksIt: false @ConditionalOnBootSupport (since 99.0) Spring Boot "
						+ BootVersion.current() + " has no virtual-thread support for this (it came in 99.0)");
		});
	}

	static String report(ConfigurableApplicationContext context) {
		StringBuilder report = new StringBuilder();
		ConditionEvaluationReport.get(context.getBeanFactory())
			.getConditionAndOutcomesBySource()
			.forEach((source, outcomes) -> outcomes.forEach((outcome) -> report
				.append(source.substring(source.lastIndexOf('#') + 1))
				.append(": ")
				.append(outcome.getOutcome().isMatch())
				.append(' ')
				.append(outcome.getOutcome().getMessage())
				.append('\n')));
		return report.toString();
	}

	@Configuration(proxyBeanMethods = false)
	static class Pieces {

		@Bean
		@ConditionalOnBootSupport(since = "1.0")
		String bootHasIt() {
			return "Boot's";
		}

		@Bean
		@ConditionalOnMissingBootSupport(since = "1.0")
		String backportOfWhatBootHas() {
			return "the starter's";
		}

		@Bean
		@ConditionalOnBootSupport(since = "99.0")
		String bootLacksIt() {
			return "Boot's";
		}

		@Bean
		@ConditionalOnMissingBootSupport(since = "99.0")
		String backportOfWhatBootLacks() {
			return "the starter's";
		}

	}

}
