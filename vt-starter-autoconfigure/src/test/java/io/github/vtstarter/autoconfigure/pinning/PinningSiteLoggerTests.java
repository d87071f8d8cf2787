package io.github.vtstarter.autoconfigure.pinning;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.github.vtstarter.pinning.PinnedEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.event.ContextRefreshedEvent;
import org.springframework.context.support.GenericApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link PinningSiteLogger}: a WARN for a site in application code, an INFO for the one-off pins of class loading,
 * and start-up summed up in one line; a start-up site that pins again later still warns.
 */
@ExtendWith(OutputCaptureExtension.class)
class PinningSiteLoggerTests {

	private static final PinnedEvent SYNCHRONIZED_IO = event("com.acme.Orders.find(line 42)",
			"com.acme.Orders.status(line 30)");

	private static final PinnedEvent CLASS_INIT = event("java.lang.Thread.sleep(line 509)",
			"com.acme.Catalogue.<clinit>(line 12)", "com.acme.Web.list(line 20)");

	private static final PinnedEvent CLASS_LOADING = event("jdk.internal.misc.Unsafe.park(native)",
			"java.lang.ClassLoader.loadClass(line 526)", "com.acme.Web.list(line 21)");

	private final PinningSiteLogger logger = new PinningSiteLogger();

	@Test
	void aStackThatPinsASecondTimeWarnsOnceWithItsStack(CapturedOutput output) {
		refreshed();
		this.logger.pinned(SYNCHRONIZED_IO, true);
		assertThat(output.getOut()).as("one pin could be the one-off of a class loaded on first use").isEmpty();
		this.logger.pinned(SYNCHRONIZED_IO, false);
		this.logger.pinned(SYNCHRONIZED_IO, false);
		assertThat(output.getOut()).contains("WARN")
			.contains("was pinned to its carrier thread for 25 ms at com.acme.Orders.find(line 42)")
			.contains("This stack has pinned before")
			.contains("\tat com.acme.Orders.status(line 30)");
		assertThat(output.getOut().split("was pinned to its carrier", -1)).hasSize(2);
	}

	@Test
	void aPinOfASecondWarnsTheFirstTime(CapturedOutput output) {
		refreshed();
		this.logger.pinned(new PinnedEvent(Instant.now(), Duration.ofSeconds(15), "pinner-1",
				SYNCHRONIZED_IO.frames(), false), true);
		assertThat(output.getOut()).contains("WARN").contains("for 15000 ms").contains("worth a look even once");
	}

	@Test
	void aPinWithoutAThreadNameSaysSo(CapturedOutput output) {
		// JFR's event carries an empty name for a virtual thread without one, and at times for one with a name.
		refreshed();
		this.logger.pinned(new PinnedEvent(Instant.now(), Duration.ofSeconds(15), "", SYNCHRONIZED_IO.frames(), false),
				true);
		assertThat(output.getOut())
			.contains("A virtual thread (its name is not in the JFR event) was pinned to its carrier thread for 15000 ms")
			.doesNotContain("''");
	}

	@Test
	void classLoadingAndInitializationPinsAreOneOffsAtInfo(CapturedOutput output) {
		refreshed();
		this.logger.pinned(CLASS_INIT, true);
		this.logger.pinned(CLASS_LOADING, true);
		this.logger.pinned(CLASS_LOADING, false);
		assertThat(output.getOut()).doesNotContain("WARN")
			.contains("INFO")
			.contains("while a class was loaded or initialized, at com.acme.Catalogue.<clinit>(line 12)")
			.contains("while a class was loaded or initialized, at com.acme.Web.list(line 21)");
		assertThat(output.getOut().split("while a class was loaded", -1)).hasSize(3);
	}

	@Test
	void requestsThatWaitForAnotherThreadsClassInitializerAreClassLoading(CapturedOutput output) {
		// JDK 25 on Tomcat's first requests: the waiting threads show only the frame that uses the class, the
		// same stack each, and JFR's pinnedReason says what they waited for (the text JDK 25 writes).
		PinnedEvent waiting = new PinnedEvent(Instant.now(), Duration.ofMillis(20), "tomcat-handler-1",
				List.of("org.apache.catalina.connector.Connector.createRequest(line 903)",
						"org.apache.catalina.connector.CoyoteAdapter.service(line 310)"),
				false, "Waited for initialization of org.apache.catalina.connector.Request by another thread");
		refreshed();
		this.logger.pinned(waiting, true);
		this.logger.pinned(waiting, false);
		this.logger.pinned(waiting, false);
		// The thread that runs the initializer, when JFR's stack does not show it.
		PinnedEvent initializing = new PinnedEvent(Instant.now(), Duration.ofMillis(300), "tomcat-handler-0",
				List.of("com.acme.Web.list(line 20)"), false, "VM call to com.acme.Catalogue.<clinit> on stack");
		this.logger.pinned(initializing, true);
		this.logger.pinned(initializing, false);
		assertThat(output.getOut()).doesNotContain("WARN")
			.contains("while a class was loaded or initialized, at org.apache.catalina.connector.Connector.createRequest")
			.contains("while a class was loaded or initialized, at com.acme.Web.list(line 20)");
		// The same stack without that reason (JDK 21-23, or another cause) pins again: a finding.
		this.logger.pinned(new PinnedEvent(Instant.now(), Duration.ofMillis(20), "tomcat-handler-2",
				waiting.frames(), false, "Native or VM frame on stack"), true);
		this.logger.pinned(new PinnedEvent(Instant.now(), Duration.ofMillis(20), "tomcat-handler-3",
				waiting.frames(), false), false);
		assertThat(output.getOut()).contains("WARN").contains("This stack has pinned before");
	}

	@Test
	void startUpIsOneInfoLineAndAStackThatPinsAgainLaterWarns(CapturedOutput output) {
		this.logger.pinned(CLASS_INIT, true);
		this.logger.pinned(SYNCHRONIZED_IO, true);
		assertThat(output.getOut()).isEmpty();
		refreshed();
		assertThat(output.getOut()).contains("INFO").contains("pinned their carrier 2 times during start-up")
			.doesNotContain("WARN");
		this.logger.pinned(CLASS_INIT, false);
		assertThat(output.getOut()).doesNotContain("WARN");
		this.logger.pinned(SYNCHRONIZED_IO, false);
		assertThat(output.getOut()).contains("WARN").contains("This stack has pinned before");
		this.logger.pinned(SYNCHRONIZED_IO, false);
		assertThat(output.getOut().split("has pinned before", -1)).hasSize(2);
	}

	@Test
	void aQuietStartLogsNothing(CapturedOutput output) {
		refreshed();
		assertThat(output.getOut()).isEmpty();
	}

	private void refreshed() {
		this.logger.onApplicationEvent(new ContextRefreshedEvent(new GenericApplicationContext()));
	}

	private static PinnedEvent event(String... frames) {
		return new PinnedEvent(Instant.now(), Duration.ofMillis(25), "tomcat-handler-1", List.of(frames), false);
	}

}
