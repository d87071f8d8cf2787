package io.github.vtstarter.autoconfigure.watchdog;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.commons.logging.Log;
import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringApplication;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.BDDMockito.willAnswer;
import static org.mockito.Mockito.mock;

/**
 * {@link LegacyWatchdogProperties}: the watchdog's old property names keep working, with one WARN naming the new
 * ones, and never override a new name that is set.
 */
class LegacyWatchdogPropertiesTests {

	private final List<String> warnings = new ArrayList<>();

	private final StandardEnvironment environment = new StandardEnvironment();

	@Test
	void oldNamesAreCopiedToTheNewOnesWithOneWarning() {
		configure(Map.of("vtstarter.scheduler.enabled", "false", "vtstarter.scheduler.lag-warning-threshold", "3s"));
		assertThat(this.environment.getProperty("vtstarter.watchdog.enabled")).isEqualTo("false");
		assertThat(this.environment.getProperty("vtstarter.watchdog.lag-threshold")).isEqualTo("3s");
		assertThat(this.warnings).singleElement()
			.asString()
			.contains("vtstarter.scheduler.enabled -> vtstarter.watchdog.enabled")
			.contains("vtstarter.scheduler.lag-warning-threshold -> vtstarter.watchdog.lag-threshold");
	}

	@Test
	void aNewNameThatIsSetWins() {
		configure(Map.of("vtstarter.scheduler.probe-interval", "5s", "vtstarter.watchdog.probe-interval", "2s"));
		assertThat(this.environment.getProperty("vtstarter.watchdog.probe-interval")).isEqualTo("2s");
		assertThat(this.warnings).singleElement().asString().contains("vtstarter.scheduler.probe-interval");
	}

	@Test
	void nothingHappensWithoutOldNames() {
		configure(Map.of("vtstarter.watchdog.probe-interval", "2s"));
		assertThat(this.environment.getPropertySources().contains(LegacyWatchdogProperties.SOURCE_NAME)).isFalse();
		assertThat(this.warnings).isEmpty();
	}

	private void configure(Map<String, Object> properties) {
		this.environment.getPropertySources().addFirst(new MapPropertySource("test", properties));
		Log log = mock(Log.class);
		willAnswer((invocation) -> this.warnings.add(String.valueOf((Object) invocation.getArgument(0)))).given(log)
			.warn(any());
		new LegacyWatchdogProperties((supplier) -> log).postProcessEnvironment(this.environment,
				new SpringApplication());
	}

}
