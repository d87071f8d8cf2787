package io.github.vtstarter.autoconfigure.messaging.jms;

import org.junit.jupiter.api.Test;

import org.springframework.asm.ClassWriter;
import org.springframework.asm.Opcodes;
import org.springframework.boot.test.context.FilteredClassLoader;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every branch of the automatic choice, for any Java: the property forces either way; Java 24+ runs on virtual
 * threads; Java 21 to 23 keeps JMS listeners on platform threads when a client that waits inside
 * {@code synchronized} is on the class path (Artemis is, in this module's tests; ActiveMQ Classic is simulated),
 * and runs them on virtual threads when none is.
 */
class JmsListenerThreadChoiceTests {

	private static final String ARTEMIS = "org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory";

	private static final String CLASSIC = "org.apache.activemq.ActiveMQConnectionFactory";

	private final ClassLoader withArtemis = getClass().getClassLoader();

	private final ClassLoader withoutClients = new FilteredClassLoader(ARTEMIS, CLASSIC);

	@Test
	void thePropertyForcesEitherWayOnAnyJavaWithAnyClient() {
		for (int java : new int[] { 21, 23, 24, 25 }) {
			JmsListenerThreadChoice on = JmsListenerThreadChoice.decide(true, java, this.withArtemis);
			assertThat(on.virtualThreads()).isTrue();
			assertThat(on.automatic()).isFalse();
			assertThat(on.reason()).isEqualTo("vtstarter.jms.virtual-threads.enabled=true");
			JmsListenerThreadChoice off = JmsListenerThreadChoice.decide(false, java, this.withoutClients);
			assertThat(off.virtualThreads()).isFalse();
			assertThat(off.automatic()).isFalse();
			assertThat(off.reason()).isEqualTo("vtstarter.jms.virtual-threads.enabled=false");
		}
	}

	@Test
	void javaTwentyOneToTwentyThreeWithArtemisStaysOnPlatformThreads() {
		for (int java : new int[] { 21, 22, 23 }) {
			JmsListenerThreadChoice choice = JmsListenerThreadChoice.decide(null, java, this.withArtemis);
			assertThat(choice.virtualThreads()).as("Java %d", java).isFalse();
			assertThat(choice.automatic()).isTrue();
			assertThat(choice.reason()).isEqualTo("Java " + java
					+ ": the ActiveMQ Artemis client (ClientConsumerImpl.receive) waits for messages inside synchronized, "
					+ "which on Java 21 to 23 pins a carrier per waiting consumer (0.57x the throughput of platform "
					+ "threads at 1,000 Artemis consumers); vtstarter.jms.virtual-threads.enabled=true runs them on "
					+ "virtual threads anyway");
		}
	}

	@Test
	void javaTwentyOneWithActiveMqClassicStaysOnPlatformThreadsAndBothClientsAreNamed() {
		ClassLoader classicOnly = new Defining(CLASSIC, new FilteredClassLoader(ARTEMIS));
		JmsListenerThreadChoice classic = JmsListenerThreadChoice.decide(null, 21, classicOnly);
		assertThat(classic.virtualThreads()).isFalse();
		assertThat(classic.reason())
			.startsWith("Java 21: the ActiveMQ Classic client (FifoMessageDispatchChannel.dequeue) waits for messages");
		JmsListenerThreadChoice both = JmsListenerThreadChoice.decide(null, 21, new Defining(CLASSIC, this.withArtemis));
		assertThat(both.virtualThreads()).isFalse();
		assertThat(both.reason()).startsWith("Java 21: the ActiveMQ Artemis client (ClientConsumerImpl.receive) and "
				+ "the ActiveMQ Classic client (FifoMessageDispatchChannel.dequeue) wait for messages inside synchronized");
	}

	@Test
	void javaTwentyOneWithoutSuchAClientRunsOnVirtualThreads() {
		JmsListenerThreadChoice choice = JmsListenerThreadChoice.decide(null, 21, this.withoutClients);
		assertThat(choice.virtualThreads()).isTrue();
		assertThat(choice.automatic()).isTrue();
		assertThat(choice.reason()).isEqualTo("Java 21: no JMS client known to wait inside synchronized is on the class "
				+ "path (known: ActiveMQ Artemis, ActiveMQ Classic)");
	}

	@Test
	void javaTwentyFourAndLaterRunOnVirtualThreadsWhateverTheClient() {
		for (int java : new int[] { 24, 25, 26 }) {
			JmsListenerThreadChoice choice = JmsListenerThreadChoice.decide(null, java, this.withArtemis);
			assertThat(choice.virtualThreads()).isTrue();
			assertThat(choice.automatic()).isTrue();
			assertThat(choice.reason()).isEqualTo(
					"Java " + java + ": a consumer waiting inside synchronized no longer pins its carrier (JEP 491)");
		}
	}

	/** A class loader that has an empty class of the given name, as if that client's jar were present. */
	static final class Defining extends ClassLoader {

		private final String name;

		Defining(String name, ClassLoader parent) {
			super(parent);
			this.name = name;
		}

		@Override
		protected Class<?> loadClass(String className, boolean resolve) throws ClassNotFoundException {
			if (!className.equals(this.name)) {
				return super.loadClass(className, resolve);
			}
			synchronized (getClassLoadingLock(className)) {
				Class<?> loaded = findLoadedClass(className);
				if (loaded == null) {
					ClassWriter writer = new ClassWriter(0);
					writer.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, className.replace('.', '/'), null, "java/lang/Object",
							null);
					writer.visitEnd();
					byte[] bytes = writer.toByteArray();
					loaded = defineClass(className, bytes, 0, bytes.length);
				}
				return loaded;
			}
		}

	}

}
