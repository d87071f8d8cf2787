package io.github.vtstarter.autoconfigure;

import java.util.Map;

import io.github.vtstarter.pinning.TestJdk;
import org.apache.commons.logging.Log;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

import org.springframework.boot.SpringApplication;
import org.springframework.core.Ordered;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.StandardEnvironment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;

/**
 * {@link VirtualThreadsEnvironmentPostProcessor}: {@code spring.threads.virtual.enabled} defaults to {@code true}
 * with the starter, in Boot's {@code defaultProperties} (the source every other one overrides) on Boot 3.2+, and
 * nowhere on Boot 3.1, whose conditions are the starter's own; a value the application set is left alone.
 */
class VirtualThreadsEnvironmentPostProcessorTests {

	private final Log log = mock(Log.class);

	private final StandardEnvironment environment = new StandardEnvironment();

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void theDefaultGoesToDefaultPropertiesOnlyWhereBootsOwnConditionsReadIt() {
		postProcess();
		PropertySource<?> defaults = this.environment.getPropertySources()
			.get(VirtualThreadsEnvironmentPostProcessor.DEFAULT_PROPERTIES);
		if (BootVersion.current().hasNativeVirtualThreads()) {
			assertThat(defaults).isNotNull();
			assertThat(this.environment.getProperty(VirtualThreadsSwitch.PROPERTY)).isEqualTo("true");
		}
		else {
			assertThat(defaults).isNull();
			assertThat(this.environment.getProperty(VirtualThreadsSwitch.PROPERTY)).isNull();
		}
		verifyNoInteractions(this.log);
	}

	@Test
	void aValueTheApplicationSetIsLeftAlone() {
		this.environment.getPropertySources()
			.addFirst(new MapPropertySource("application", Map.of(VirtualThreadsSwitch.PROPERTY, "false")));
		postProcess();
		assertThat(this.environment.getPropertySources()
			.contains(VirtualThreadsEnvironmentPostProcessor.DEFAULT_PROPERTIES)).isFalse();
		assertThat(this.environment.getProperty(VirtualThreadsSwitch.PROPERTY)).isEqualTo("false");
	}

	@Test
	@EnabledIf(TestJdk.NO_VIRTUAL_THREADS)
	void onJava17OneLineSaysTheStarterStepsAside() {
		postProcess();
		verify(this.log).info(any());
		assertThat(this.environment.getPropertySources()
			.contains(VirtualThreadsEnvironmentPostProcessor.DEFAULT_PROPERTIES)).isFalse();
	}

	@Test
	void aDefaultIsAddedLastWhenBootHasNoDefaultProperties() {
		MutablePropertySources sources = new MutablePropertySources();
		sources.addFirst(new MapPropertySource("application", Map.of("a", "1")));
		VirtualThreadsEnvironmentPostProcessor.addDefault(sources, VirtualThreadsSwitch.PROPERTY, "true");
		assertThat(sources.stream().map(PropertySource::getName)).containsExactly("application",
				VirtualThreadsEnvironmentPostProcessor.DEFAULT_PROPERTIES);
		assertThat(sources.get(VirtualThreadsEnvironmentPostProcessor.DEFAULT_PROPERTIES)
			.getProperty(VirtualThreadsSwitch.PROPERTY)).isEqualTo("true");
	}

	@Test
	void aDefaultIsMergedIntoBootsDefaultPropertiesWhereTheyAre() {
		MutablePropertySources sources = new MutablePropertySources();
		// SpringApplication.setDefaultProperties(Map) gives an unmodifiable map as often as not.
		sources.addFirst(new MapPropertySource(VirtualThreadsEnvironmentPostProcessor.DEFAULT_PROPERTIES,
				Map.of("server.port", "0")));
		sources.addFirst(new MapPropertySource("application", Map.of("a", "1")));
		VirtualThreadsEnvironmentPostProcessor.addDefault(sources, VirtualThreadsSwitch.PROPERTY, "true");
		assertThat(sources.stream().map(PropertySource::getName)).containsExactly("application",
				VirtualThreadsEnvironmentPostProcessor.DEFAULT_PROPERTIES);
		PropertySource<?> defaults = sources.get(VirtualThreadsEnvironmentPostProcessor.DEFAULT_PROPERTIES);
		assertThat(defaults.getProperty("server.port")).isEqualTo("0");
		assertThat(defaults.getProperty(VirtualThreadsSwitch.PROPERTY)).isEqualTo("true");
	}

	@Test
	void runsAfterTheConfigDataProcessorSoThatApplicationPropertiesAreSeen() {
		assertThat(new VirtualThreadsEnvironmentPostProcessor((type) -> this.log).getOrder())
			.isEqualTo(Ordered.LOWEST_PRECEDENCE);
	}

	private void postProcess() {
		new VirtualThreadsEnvironmentPostProcessor((type) -> this.log).postProcessEnvironment(this.environment,
				new SpringApplication());
	}

}
