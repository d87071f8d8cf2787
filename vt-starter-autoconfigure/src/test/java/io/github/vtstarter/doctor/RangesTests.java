package io.github.vtstarter.doctor;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class RangesTests {

	@Test
	void aVersionRangeIncludesItsLowerBoundAndExcludesItsUpperBound() {
		VersionRange range = VersionRange.parse("[2.4.0,3.0.0)");
		assertThat(range.contains("2.3.9")).isFalse();
		assertThat(range.contains("2.4.0")).isTrue();
		assertThat(range.contains("2.7.15")).isTrue();
		assertThat(range.contains("3.0.0-alpha")).isFalse();
		assertThat(range.contains("3.0.0")).isFalse();
		assertThat(range).hasToString("[2.4.0,3.0.0)");
	}

	@Test
	void versionRangesMayBeOpen() {
		assertThat(VersionRange.parse("[2.4.10,)").contains("999")).isTrue();
		assertThat(VersionRange.parse("[2.4.10,)").contains("2.4.9")).isFalse();
		assertThat(VersionRange.parse("(,9.0.0)").contains("1")).isTrue();
		assertThat(VersionRange.parse("(,9.0.0)").contains("9.0.0")).isFalse();
		assertThat(VersionRange.parse(" ( , ) ")).isEqualTo(VersionRange.ALL);
		assertThat(VersionRange.parse("(,)")).isEqualTo(VersionRange.ALL);
		assertThat(VersionRange.ALL.contains("0")).isTrue();
		assertThat(VersionRange.below("7.1.0")).hasToString("(,7.1.0)");
		assertThat(VersionRange.parse("[2.4.10,)")).hasToString("[2.4.10,)");
	}

	@Test
	void malformedVersionRangesAreRefused() {
		for (String text : new String[] { "", "2.4.0", "[2.4.0,3.0.0]", "(2.4.0,3.0.0)", "[,3.0.0)", "[2.4.0;3.0.0)",
				"[a,b)", "[3.0.0,2.0.0)", "[3.0.0,3.0.0)", "[1,2,3)", "{1,2)" }) {
			assertThatIllegalArgumentException().as(text).isThrownBy(() -> VersionRange.parse(text));
		}
	}

	@Test
	void javaRanges() {
		JavaRange pins = JavaRange.parse("21-23");
		assertThat(pins.contains(20)).isFalse();
		assertThat(pins.contains(21)).isTrue();
		assertThat(pins.contains(23)).isTrue();
		assertThat(pins.contains(24)).isFalse();
		assertThat(pins).hasToString("21-23");
		assertThat(pins.isEveryJava()).isFalse();
		assertThat(JavaRange.parse("21+")).isEqualTo(JavaRange.ALL);
		assertThat(JavaRange.ALL.isEveryJava()).isTrue();
		assertThat(JavaRange.ALL).hasToString("21+");
		assertThat(JavaRange.parse("24+").contains(99)).isTrue();
		assertThat(JavaRange.parse("24+").isEveryJava()).isFalse();
		assertThat(JavaRange.parse(" 22 ").contains(22)).isTrue();
		assertThat(JavaRange.parse("22").contains(23)).isFalse();
		assertThat(JavaRange.parse("22")).hasToString("22");
		for (String text : new String[] { "", "java21", "23-21", "0", "-21", "21-", "+" }) {
			assertThatIllegalArgumentException().as(text).isThrownBy(() -> JavaRange.parse(text));
		}
	}

}
