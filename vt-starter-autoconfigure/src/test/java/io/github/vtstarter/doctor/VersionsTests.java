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
		assertThat(Versions.older("2.4.9", "2.4.10")).isTrue();
		assertThat(Versions.older("3.3", "3.3.0")).isFalse();
		assertThat(Versions.older("3.2", "3.3.0")).isTrue();
		assertThat(Versions.compare("3.3", "3.3.0")).isZero();
		assertThat(Versions.compare("3.3.1", "3.3")).isPositive();
	}

	@Test
	void aQualifierIsIgnoredSoThatASnapshotOfTheFixedReleaseCountsAsFixed() {
		assertThat(Versions.older("9.0.0-SNAPSHOT", "9.0.0")).isFalse();
		assertThat(Versions.older("11.2.3.jre17", "11.2.3")).isFalse();
		assertThat(Versions.older("9.1-901-1.jdbc4", "42.6.0")).isTrue();
		assertThat(Versions.compare("2.3.0.Final", "2.3.0")).isZero();
		assertThat(Versions.compare("1.0+build.5", "1.0")).isZero();
	}

	@Test
	void hugeNumbersDoNotOverflow() {
		assertThat(Versions.older("20240101123456.1", "9.0.0")).isFalse();
	}

	@Test
	void onlyStringsThatStartWithANumberAreVersions() {
		assertThat(Versions.isVersion("8.0.33")).isTrue();
		assertThat(Versions.isVersion("8")).isTrue();
		assertThat(Versions.isVersion("9.1-901-1.jdbc4")).isTrue();
		assertThat(Versions.isVersion("7.1.0-SNAPSHOT")).isTrue();
		assertThat(Versions.isVersion("11.2.3.jre17")).isTrue();
		assertThat(Versions.isVersion(null)).isFalse();
		assertThat(Versions.isVersion("")).isFalse();
		assertThat(Versions.isVersion(" ")).isFalse();
		assertThat(Versions.isVersion("unknown")).isFalse();
		assertThat(Versions.isVersion("${project.version}")).isFalse();
		assertThat(Versions.isVersion("@project.version@")).isFalse();
		assertThat(Versions.isVersion("v1.2")).isFalse();
		assertThat(Versions.isVersion("1.2 3")).isFalse();
	}

}
