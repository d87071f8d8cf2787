package io.github.vtstarter.autoconfigure.web;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which Undertow versions keep their worker threads, read from the versions Boot's lines ship (3.1.0: 2.3.6.Final,
 * 3.1.8: 2.3.10.Final, 3.1.9: 2.3.12.Final, 3.1.12: 2.3.13.Final, 3.2.10: 2.3.17.Final, 3.3.13: 2.3.18.Final).
 */
class UndertowThreadChoiceTests {

	@ParameterizedTest
	@ValueSource(strings = { "2.3.11.Final", "2.3.12.Final", "2.3.13.Final" })
	void anUndertowWhoseBufferPoolKeepsEveryThreadKeepsItsWorkerThreads(String version) {
		UndertowThreadChoice choice = UndertowThreadChoice.decide(null, version);
		assertThat(choice.virtualThreads()).isFalse();
		assertThat(choice.automatic()).isTrue();
		assertThat(choice.reason()).startsWith("Undertow " + version + "'s buffer pool keeps every thread")
			.contains("UNDERTOW-2385", "2.3.14.Final", "undertow.version", UndertowThreadChoice.PROPERTY + "=true");
	}

	@ParameterizedTest
	@ValueSource(strings = { "2.3.6.Final", "2.3.10.Final", "2.3.14.Final", "2.3.17.Final", "2.3.18.Final",
			"2.3.24.Final", "2.4.0.Final" })
	void anyOtherUndertowRunsOnVirtualThreads(String version) {
		UndertowThreadChoice choice = UndertowThreadChoice.decide(null, version);
		assertThat(choice.virtualThreads()).isTrue();
		assertThat(choice.automatic()).isTrue();
	}

	@Test
	void anUnreadableVersionRunsOnVirtualThreads() {
		assertThat(UndertowThreadChoice.decide(null, null).virtualThreads()).isTrue();
		assertThat(UndertowThreadChoice.decide(null, "").virtualThreads()).isTrue();
		assertThat(UndertowThreadChoice.decide(null, "unknown").virtualThreads()).isTrue();
	}

	@Test
	void thePropertyForcesEitherWay() {
		UndertowThreadChoice forcedOn = UndertowThreadChoice.decide(true, "2.3.13.Final");
		assertThat(forcedOn.virtualThreads()).isTrue();
		assertThat(forcedOn.automatic()).isFalse();
		assertThat(forcedOn.reason()).isEqualTo(UndertowThreadChoice.PROPERTY + "=true");
		UndertowThreadChoice forcedOff = UndertowThreadChoice.decide(false, "2.3.18.Final");
		assertThat(forcedOff.virtualThreads()).isFalse();
		assertThat(forcedOff.automatic()).isFalse();
		assertThat(forcedOff.toString()).isEqualTo("platform threads: " + UndertowThreadChoice.PROPERTY + "=false");
	}

}
