package io.github.vtstarter.autoconfigure.messaging.jms;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.pinning.Eventually;
import io.github.vtstarter.pinning.JfrPinningEventSource;
import io.github.vtstarter.pinning.PinnedEvent;
import io.github.vtstarter.pinning.TestJdk;
import io.github.vtstarter.testsupport.Precondition;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.jms.JmsAutoConfiguration;
import org.springframework.boot.autoconfigure.jms.artemis.ArtemisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.springframework.jms.annotation.JmsListener;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * While a {@code DefaultMessageListenerContainer} on virtual threads waits for messages, its consumers loop on
 * {@code receive(timeout)}. A real JFR recording over such an idle period, long enough for every consumer to wait
 * out its receive timeout many times, shows what pins there: on Java 24+ nothing; on Java 21-23 only the Artemis
 * client, which blocks inside its own {@code synchronized} blocks (the commit after each empty receive of a
 * transacted session, a round trip to the broker), never Spring's container or the starter. The Artemis client's
 * {@code receive} also waits in {@code Object.wait} inside {@code synchronized}, which on Java 21-23 holds the
 * carrier without any {@code jdk.VirtualThreadPinned} event; docs/messaging.md says what that means for high
 * consumer counts, and it is why the starter keeps Artemis listeners on platform threads on Java 21-23 unless
 * forced (as here, to measure it). The counts and sites are printed.
 */
@Precondition(Precondition.VirtualThreads.class)
class JmsIdleConsumerPinningTests {

	private static final int CONSUMERS = 4;

	// Waits of the consumers after all of them are up: each receive(100ms) that times out is at least one.
	private static final int IDLE_WAITS = 10 * CONSUMERS;

	// Pauses (see PAUSE) of each consumer before the idle period starts. A consumer's first pass through its
	// receive loop runs code for the first time (the finally that releases the connection, after the first empty
	// receive), and the JVM's first-run work there can pin once (seen on Java 25: "Freeze or preempt failed" at
	// ConnectionFactoryUtils.releaseConnection). A pass has at most two pauses (its receive that times out, then
	// perhaps a slow commit or finally), so a consumer's third pause comes after its first pass has ended; the
	// fourth leaves room for a receive woken before its timeout.
	private static final int WARM_UP_PAUSES = 4;

	// A consumer that starts a wait this long after its previous one paused in between: a receive(100ms) that
	// timed out, or a slow commit. A wait's start is what counts: on Java 24+ a virtual thread's
	// jdk.JavaMonitorWait lasts only until the thread unmounts, whatever the timeout.
	private static final Duration PAUSE = Duration.ofMillis(50);

	private static EmbeddedArtemis broker;

	@BeforeAll
	static void startBroker() throws Exception {
		broker = EmbeddedArtemis.start();
	}

	@AfterAll
	static void stopBroker() throws Exception {
		if (broker != null) {
			broker.stop();
		}
	}

	@Test
	void idleConsumersDoNotPin() {
		Map<String, Instant> lastWaits = new ConcurrentHashMap<>();
		Map<String, Integer> pauses = new ConcurrentHashMap<>();
		AtomicReference<Instant> idleFrom = new AtomicReference<>(Instant.MAX);
		AtomicInteger startupPinned = new AtomicInteger();
		AtomicInteger idlePinned = new AtomicInteger();
		AtomicInteger idleWaits = new AtomicInteger();
		AtomicInteger idleClassLoads = new AtomicInteger();
		Set<String> pinnedSites = ConcurrentHashMap.newKeySet();
		Set<String> idleSites = ConcurrentHashMap.newKeySet();
		Set<String> idleStacks = ConcurrentHashMap.newKeySet();
		try (RecordingStream recording = new RecordingStream()) {
			recording.enable("jdk.VirtualThreadPinned").withThreshold(Duration.ZERO).withStackTrace();
			recording.enable("jdk.JavaMonitorWait").withThreshold(Duration.ZERO);
			recording.enable("jdk.ThreadPark").withThreshold(Duration.ZERO);
			recording.onEvent("jdk.VirtualThreadPinned", (event) -> {
				if (consumer(event) != null) {
					boolean idle = event.getStartTime().isAfter(idleFrom.get());
					if (idle && !TestJdk.synchronizedPins() && loadingAClass(event)) {
						// Java 24+ still pins a thread that blocks while the JVM loads a class for it (a native
						// frame between the code that needs the class and ClassLoader.loadClass), or waits for
						// another thread's initializer of it: two consumers that first reach a class at once. The
						// JVM's, once per class, not the container's.
						idleClassLoads.incrementAndGet();
						return;
					}
					(idle ? idlePinned : startupPinned).incrementAndGet();
					pinnedSites.add((idle ? "idle: " : "startup: ") + topFrames(event));
					if (idle) {
						idleSites.add(frames(event, 12));
						idleStacks.add("reason: " + JfrPinningEventSource.pinnedReason(event) + ", " + event.getStackTrace());
					}
				}
			});
			Consumer<RecordedEvent> waits = (event) -> {
				String consumer = consumer(event);
				if (consumer != null) {
					Instant last = lastWaits.put(consumer, event.getStartTime());
					if (last != null && Duration.between(last, event.getStartTime()).compareTo(PAUSE) >= 0) {
						pauses.merge(consumer, 1, Integer::sum);
					}
					if (event.getStartTime().isAfter(idleFrom.get())) {
						idleWaits.incrementAndGet();
					}
				}
			};
			recording.onEvent("jdk.JavaMonitorWait", waits);
			recording.onEvent("jdk.ThreadPark", waits);
			recording.startAsync();
			new ApplicationContextRunner()
				.withConfiguration(AutoConfigurations.of(VirtualThreadsAutoConfiguration.class,
						VirtualThreadsJmsAutoConfiguration.class, ArtemisAutoConfiguration.class,
						JmsAutoConfiguration.class))
				.withUserConfiguration(IdleListener.class)
				.withPropertyValues("spring.threads.virtual.enabled=true", "vtstarter.jms.virtual-threads.enabled=true",
						"spring.artemis.mode=native", "spring.artemis.embedded.enabled=false",
						"spring.artemis.broker-url=" + EmbeddedArtemis.URL, "test.queue=idle-" + UUID.randomUUID(),
						"spring.jms.listener.concurrency=" + CONSUMERS, "spring.jms.listener.max-concurrency=" + CONSUMERS,
						"spring.jms.listener.receive-timeout=100ms")
				.run((context) -> {
					// Every consumer has opened its session and consumer and been round its receive loop (see
					// WARM_UP_PAUSES): the idle period starts now, and lasts until the consumers have waited out
					// their receive timeout many times.
					Eventually.await(Duration.ofSeconds(60), () -> pauses.size() == CONSUMERS
							&& pauses.values().stream().allMatch((count) -> count >= WARM_UP_PAUSES));
					idleFrom.set(Instant.now());
					Eventually.await(Duration.ofSeconds(60), () -> idleWaits.get() >= IDLE_WAITS);
				});
		}
		System.out.printf("Idle JMS consumers on Java %d: %d waits while idle, %d pinned events while idle (and %d "
				+ "while the JVM loaded a class), %d pinned events while opening sessions and consumers%n",
				TestJdk.feature(), idleWaits.get(), idlePinned.get(), idleClassLoads.get(), startupPinned.get());
		pinnedSites.forEach((site) -> System.out.println("Pinned at " + site));
		if (TestJdk.synchronizedPins()) {
			// Java 21-23: the Artemis client blocks inside its own synchronized blocks (the commit that ends each
			// empty receive of a transacted session is a round trip to the broker), so there are pinned events, but
			// none in Spring's container or in the starter: the provider's client is what pins (with Artemis 2.40 also a
			// Netty buffer allocation made under Artemis's lock).
			assertThat(idleSites).allMatch((site) -> site.contains("org.apache.activemq.artemis."))
				.noneMatch((site) -> site.startsWith("org.springframework.") || site.startsWith("io.github.vtstarter."));
		}
		else {
			assertThat(idlePinned.get()).as("pinned while idle, the whole stacks: %s", idleStacks).isZero();
		}
	}

	private static String consumer(RecordedEvent event) {
		RecordedThread thread = event.getThread();
		String name = (thread != null) ? thread.getJavaName() : null;
		return (name != null && name.startsWith("jms-")) ? name : null;
	}

	private static boolean loadingAClass(RecordedEvent event) {
		// Java 24+ says why a thread pinned: one that waits for another thread's class initializer shows only the
		// frame that needs the class ("Waited for initialization of X by another thread"), as the pinning log knows.
		if (PinnedEvent.isClassInitialization(JfrPinningEventSource.pinnedReason(event))) {
			return true;
		}
		return event.getStackTrace() != null && event.getStackTrace()
			.getFrames()
			.stream()
			.anyMatch((frame) -> frame.getMethod().getName().equals("loadClass")
					&& frame.getMethod().getType().getName().startsWith("java.lang.ClassLoader"));
	}

	private static String topFrames(RecordedEvent event) {
		return frames(event, 4);
	}

	private static String frames(RecordedEvent event, int count) {
		if (event.getStackTrace() == null) {
			return "(no stack)";
		}
		return event.getStackTrace()
			.getFrames()
			.stream()
			.filter((frame) -> !frame.getMethod().getType().getName().startsWith("java."))
			.filter((frame) -> !frame.getMethod().getType().getName().startsWith("jdk."))
			.limit(count)
			.map((frame) -> frame.getMethod().getType().getName() + "." + frame.getMethod().getName())
			.collect(Collectors.joining(" < "));
	}

	@Configuration(proxyBeanMethods = false)
	static class IdleListener {

		@JmsListener(destination = "${test.queue}")
		void onMessage(String message) {
		}

	}

}
