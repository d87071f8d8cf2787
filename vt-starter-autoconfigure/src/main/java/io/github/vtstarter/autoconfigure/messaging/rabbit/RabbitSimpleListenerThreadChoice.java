package io.github.vtstarter.autoconfigure.messaging.rabbit;

import org.springframework.lang.Nullable;
import org.springframework.util.ReflectionUtils;

/**
 * Whether the consumers of simple RabbitMQ listener containers run on virtual threads in the Boot 3.1 backport, from
 * {@code vtstarter.rabbit.virtual-threads.enabled}, the Java version and the container class on the class path.
 * <p>
 * Spring AMQP 3.0 (Boot 3.1's) starts a {@code SimpleMessageListenerContainer}'s consumers while it holds
 * {@code synchronized (consumersMonitor)}, and waits there until every consumer has said it started
 * ({@code doStart}, {@code waitForConsumersToStart}). Each consumer says so, then enters the same monitor
 * ({@code isActive(consumer)}) and blocks. On Java 21 to 23 a virtual thread blocked on a monitor keeps its carrier:
 * once as many consumers as there are carriers have started, they hold every carrier, the others never run, and the
 * container waits {@code consumerStartTimeout} (60 s) before it gives up on them; nothing else runs meanwhile. With
 * four consumers on two carriers a drain measured 1.7 messages/s on virtual threads against 344 on platform threads,
 * and the watchdog reported starvation at {@code SimpleMessageListenerContainer.isActive}. Spring AMQP 3.1 (Boot
 * 3.2+) replaced the monitor with a {@code ReentrantLock} ({@code consumersLock}), which parks.
 * <ul>
 * <li>the property, when set, decides;</li>
 * <li>otherwise, on Java 24+: virtual threads (a blocked monitor enter no longer pins, JEP 491);</li>
 * <li>on Java 21 to 23: platform threads when the container class still has the {@code consumersMonitor} field,
 * virtual threads otherwise.</li>
 * </ul>
 */
public final class RabbitSimpleListenerThreadChoice {

	/** The property that forces the choice either way. */
	public static final String PROPERTY = RabbitVirtualThreadsProperties.PREFIX + ".enabled";

	static final String MONITOR_FIELD = "consumersMonitor";

	private final boolean virtualThreads;

	private final boolean automatic;

	private final String reason;

	private RabbitSimpleListenerThreadChoice(boolean virtualThreads, boolean automatic, String reason) {
		this.virtualThreads = virtualThreads;
		this.automatic = automatic;
		this.reason = reason;
	}

	/**
	 * Decides.
	 * @param forced the property's value, {@code null} when not set
	 * @param javaFeature the Java feature release the application runs on (21 or later)
	 * @param container Spring AMQP's {@code SimpleMessageListenerContainer} class
	 * @return the choice
	 */
	public static RabbitSimpleListenerThreadChoice decide(@Nullable Boolean forced, int javaFeature,
			Class<?> container) {
		if (forced != null) {
			return new RabbitSimpleListenerThreadChoice(forced, false, PROPERTY + "=" + forced);
		}
		if (javaFeature >= 24) {
			return new RabbitSimpleListenerThreadChoice(true, true, "Java " + javaFeature
					+ ": a consumer blocked on the container's monitor no longer pins its carrier (JEP 491)");
		}
		if (ReflectionUtils.findField(container, MONITOR_FIELD) == null) {
			return new RabbitSimpleListenerThreadChoice(true, true, "Java " + javaFeature + ": " + container.getSimpleName()
					+ " guards its consumers with a lock, which does not pin");
		}
		return new RabbitSimpleListenerThreadChoice(false, true, "Java " + javaFeature + ": Spring AMQP's "
				+ container.getSimpleName() + " (Spring AMQP 3.0, Boot 3.1) waits for its consumers to start while it "
				+ "holds a monitor each consumer then enters, which on Java 21 to 23 pins a carrier per consumer: with as "
				+ "many consumers as carriers the rest never start and the container waits consumerStartTimeout (60 s); "
				+ PROPERTY + "=true runs them on virtual threads anyway");
	}

	/** @return whether simple containers' consumers run on virtual threads */
	public boolean virtualThreads() {
		return this.virtualThreads;
	}

	/** @return whether the choice is the starter's own (the property is not set) */
	public boolean automatic() {
		return this.automatic;
	}

	/** @return why, in one sentence without a final full stop */
	public String reason() {
		return this.reason;
	}

}
