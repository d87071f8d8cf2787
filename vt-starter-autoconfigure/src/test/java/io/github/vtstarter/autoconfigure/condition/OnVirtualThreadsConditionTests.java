package io.github.vtstarter.autoconfigure.condition;

import io.github.vtstarter.pinning.TestJdk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link ConditionalOnVirtualThreads}: on with Boot's switch (set or, with the starter, not set) on Java 21+, off
 * when it is false or the Java has no virtual threads, and the conditions report says which.
 */
class OnVirtualThreadsConditionTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withUserConfiguration(Piece.class);

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void onWhenTheSwitchIsNotSetAndTheReportSaysItIsTheStartersDefault() {
		this.runner.run((context) -> {
			assertThat(context).hasBean("onVirtualThreads");
			assertThat(OnBootSupportConditionTests.report(context)).contains("onVirtualThreads: true "
					+ "@ConditionalOnVirtualThreads spring.threads.virtual.enabled is not set (vt-starter's default: "
					+ "true) and Java " + Runtime.version().feature() + " runs virtual threads");
		});
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void onWhenTheSwitchIsTrue() {
		this.runner.withPropertyValues("spring.threads.virtual.enabled=true").run((context) -> {
			assertThat(context).hasBean("onVirtualThreads");
			assertThat(OnBootSupportConditionTests.report(context)).contains("onVirtualThreads: true "
					+ "@ConditionalOnVirtualThreads spring.threads.virtual.enabled is true and Java "
					+ Runtime.version().feature() + " runs virtual threads");
		});
	}

	@Test
	void offWhenTheSwitchIsFalse() {
		this.runner.withPropertyValues("spring.threads.virtual.enabled=false").run((context) -> {
			assertThat(context).doesNotHaveBean("onVirtualThreads");
			assertThat(OnBootSupportConditionTests.report(context)).contains(
					"onVirtualThreads: false @ConditionalOnVirtualThreads spring.threads.virtual.enabled is false");
		});
	}

	@Test
	@EnabledIf(TestJdk.NO_VIRTUAL_THREADS)
	void offOnAJavaWithoutVirtualThreads() {
		this.runner.run((context) -> {
			assertThat(context).doesNotHaveBean("onVirtualThreads");
			assertThat(OnBootSupportConditionTests.report(context))
				.contains("onVirtualThreads: false @ConditionalOnVirtualThreads");
		});
	}

	@Configuration(proxyBeanMethods = false)
	static class Piece {

		@Bean
		@ConditionalOnVirtualThreads
		String onVirtualThreads() {
			return "on";
		}

	}

}
