package io.github.vtstarter.doctor;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class VersionsTests {

	@Test
	void comparesReleaseNumbersByValue() {
		assertThat(Versions.older("5.0.1", "7.1.0")).isTrue();
		assertThat(Versions.older("7.1.0", "7.1.0")).isFalse();
		assertThat(Versions.older("7.1.1", "7.1.0")).isFalse();
		assertThat(Versions.older("42.10.0", "42.6.0")).isFalse();
		assertThat(Versions.older("42.5.4", "42.6.0")).isTrue();
		assertThat(Versions.older("8.0.33", "9.0.0")).isTrue();
		assertThat(Versions.older("9.0.0-SNAPSHOT", "9.0.0")).isFalse();
		assertThat(Versions.older("3.3", "3.3.0")).isFalse();
	}

}
