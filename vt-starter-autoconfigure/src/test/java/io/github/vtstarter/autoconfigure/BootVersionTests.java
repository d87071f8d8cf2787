package io.github.vtstarter.autoconfigure;

import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringBootVersion;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link BootVersion}: the running Boot's {@code major.minor} against the release that brought a feature, which
 * decides between the starter's backport and Boot's own support. Checked around the Boot the suite runs on
 * (3.1.12 by default; CI also runs 3.1.0 and 3.5.x), so that every comparison has a side of each answer.
 */
class BootVersionTests {

	private final String running = SpringBootVersion.getVersion();

	private final int major = Integer.parseInt(this.running.split("\\.")[0]);

	private final int minor = Integer.parseInt(this.running.split("\\.")[1]);

	@Test
	void theRunningVersionIsReadFromBootsJar() {
		assertThat(BootVersion.current()).hasToString(this.running);
	}

	@Test
	void theSameMinorLineIsAtLeastItself() {
		assertThat(BootVersion.current().isAtLeast(this.major + "." + this.minor)).isTrue();
	}

	@Test
	void aLaterMinorOrMajorIsNotReached() {
		BootVersion boot = BootVersion.current();
		assertThat(boot.isAtLeast(this.major + "." + (this.minor + 1))).isFalse();
		assertThat(boot.isAtLeast((this.major + 1) + ".0")).isFalse();
	}

	@Test
	void anEarlierMinorOrMajorIsReachedWhateverItsMinor() {
		BootVersion boot = BootVersion.current();
		if (this.minor > 0) {
			assertThat(boot.isAtLeast(this.major + "." + (this.minor - 1))).isTrue();
		}
		// An earlier major with a larger minor (2.7 against 3.1): the major decides.
		assertThat(boot.isAtLeast((this.major - 1) + "." + (this.minor + 7))).isTrue();
	}

	@Test
	void nativeVirtualThreadsFromBoot32() {
		boolean expected = this.major > 3 || (this.major == 3 && this.minor >= 2);
		assertThat(BootVersion.current().hasNativeVirtualThreads()).isEqualTo(expected);
	}

}
