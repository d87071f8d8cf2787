package io.github.vtstarter.autoconfigure;

import org.junit.jupiter.api.Test;

import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@link BooleanProperty}: the starter's switches read as Boot reads booleans, and a typo fails the start naming
 * the property and the value instead of reading as {@code false}.
 */
class BooleanPropertyTests {

	@Test
	void valuesAreConvertedAsBootConvertsThem() {
		for (String on : new String[] { "true", "TRUE", "on", "yes", "1" }) {
			assertThat(BooleanProperty.read(new MockEnvironment().withProperty("vtstarter.x.enabled", on),
					"vtstarter.x.enabled"))
				.as(on)
				.isTrue();
		}
		for (String off : new String[] { "false", "off", "no", "0" }) {
			assertThat(BooleanProperty.read(new MockEnvironment().withProperty("vtstarter.x.enabled", off),
					"vtstarter.x.enabled"))
				.as(off)
				.isFalse();
		}
	}

	@Test
	void notSetIsNull() {
		assertThat(BooleanProperty.read(new MockEnvironment(), "vtstarter.x.enabled")).isNull();
		assertThat(BooleanProperty.read(new MockEnvironment().withProperty("vtstarter.x.enabled", ""),
				"vtstarter.x.enabled"))
			.isNull();
	}

	@Test
	void aTypoFailsNamingThePropertyAndTheValue() {
		assertThatExceptionOfType(InvalidVirtualThreadsPropertyException.class)
			.isThrownBy(() -> BooleanProperty.read(new MockEnvironment().withProperty("vtstarter.x.enabled", "maybe"),
					"vtstarter.x.enabled"))
			.satisfies((ex) -> {
				assertThat(ex.getProperty()).isEqualTo("vtstarter.x.enabled");
				assertThat(ex.getValue()).isEqualTo("maybe");
				assertThat(ex.getReason()).isEqualTo("it must be true or false");
			});
	}

}
