package io.github.vtstarter.autoconfigure.messaging.jms;

import java.util.ArrayList;
import java.util.List;

import org.springframework.lang.Nullable;
import org.springframework.util.ClassUtils;

/**
 * Whether {@code @JmsListener} consumers run on virtual threads, from {@code vtstarter.jms.virtual-threads.enabled},
 * the Java version and the JMS client on the class path.
 * <p>
 * A {@code DefaultMessageListenerContainer} consumer spends its idle time in its client's {@code receive(timeout)}.
 * The clients below wait there in {@code Object.wait} inside {@code synchronized}; on Java 21 to 23 (before
 * JEP 491) a virtual thread doing that keeps its carrier for the whole wait, and the scheduler adds carriers to make
 * up, up to 256. The drain benchmark measured Artemis consumers on virtual threads at 0.78x (200 consumers) and
 * 0.57x (1,000 consumers) of platform threads' throughput on Java 21 (docs/benchmarks.md). So:
 * <ul>
 * <li>the property, when set, decides ({@code true}: virtual threads, {@code false}: platform threads);</li>
 * <li>otherwise, on Java 24+: virtual threads ({@code synchronized} no longer pins);</li>
 * <li>on Java 21 to 23: platform threads when such a client is on the class path, virtual threads otherwise.</li>
 * </ul>
 * Clients read for this (their sources, not their documentation):
 * <ul>
 * <li>ActiveMQ Artemis, 2.28 (Boot 3.1) to 2.56: {@code ClientConsumerImpl.receive} waits in
 * {@code wait(toWait)} inside {@code synchronized (this)};</li>
 * <li>ActiveMQ Classic, 5.18 (jakarta) and 6.1: {@code FifoMessageDispatchChannel.dequeue} waits in
 * {@code mutex.wait(timeout)} inside {@code synchronized (mutex)}.</li>
 * </ul>
 * Not listed: Qpid JMS 2.10, whose default (FIFO) receive queue waits on a {@code ReentrantLock} condition, which
 * parks; other clients were not read.
 */
public final class JmsListenerThreadChoice {

	/** The property that forces the choice either way. */
	public static final String PROPERTY = JmsVirtualThreadsProperties.PREFIX + ".enabled";

	/** The kind of listener the choice is recorded under ({@code ListenerThreadChoices}), the executor's name. */
	public static final String KIND = "jms";

	private static final List<Client> PINNING_CLIENTS = List.of(
			new Client("the ActiveMQ Artemis client", "org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory",
					"ClientConsumerImpl.receive"),
			new Client("the ActiveMQ Classic client", "org.apache.activemq.ActiveMQConnectionFactory",
					"FifoMessageDispatchChannel.dequeue"));

	private final boolean virtualThreads;

	private final boolean automatic;

	private final String reason;

	private JmsListenerThreadChoice(boolean virtualThreads, boolean automatic, String reason) {
		this.virtualThreads = virtualThreads;
		this.automatic = automatic;
		this.reason = reason;
	}

	/**
	 * Decides.
	 * @param forced the property's value, {@code null} when not set
	 * @param javaFeature the Java feature release the application runs on (21 or later)
	 * @param classLoader where to look for the JMS clients
	 * @return the choice
	 */
	public static JmsListenerThreadChoice decide(@Nullable Boolean forced, int javaFeature,
			@Nullable ClassLoader classLoader) {
		if (forced != null) {
			return new JmsListenerThreadChoice(forced, false, PROPERTY + "=" + forced);
		}
		if (javaFeature >= 24) {
			return new JmsListenerThreadChoice(true, true,
					"Java " + javaFeature + ": a consumer waiting inside synchronized no longer pins its carrier (JEP 491)");
		}
		List<Client> present = new ArrayList<>();
		for (Client client : PINNING_CLIENTS) {
			if (ClassUtils.isPresent(client.connectionFactory(), classLoader)) {
				present.add(client);
			}
		}
		if (present.isEmpty()) {
			return new JmsListenerThreadChoice(true, true, "Java " + javaFeature
					+ ": no JMS client known to wait inside synchronized is on the class path (known: ActiveMQ Artemis, "
					+ "ActiveMQ Classic)");
		}
		StringBuilder clients = new StringBuilder();
		for (Client client : present) {
			clients.append((clients.length() > 0) ? " and " : "")
				.append(client.name())
				.append(" (")
				.append(client.waitsIn())
				.append(")");
		}
		return new JmsListenerThreadChoice(false, true, "Java " + javaFeature + ": " + clients
				+ ((present.size() > 1) ? " wait" : " waits")
				+ " for messages inside synchronized, which on Java 21 to 23 pins a carrier per waiting consumer "
				+ "(0.57x the throughput of platform threads at 1,000 Artemis consumers); " + PROPERTY
				+ "=true runs them on virtual threads anyway");
	}

	/** @return whether JMS listener consumers run on virtual threads */
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

	@Override
	public String toString() {
		return (this.virtualThreads ? "virtual threads" : "platform threads") + ": " + this.reason;
	}

	private record Client(String name, String connectionFactory, String waitsIn) {
	}

}
