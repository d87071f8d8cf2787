package io.github.vtstarter.sample.drain;

import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.jms.DeliveryMode;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.core.env.Environment;
import org.springframework.jms.annotation.JmsListener;
import org.springframework.jms.config.JmsListenerEndpointRegistry;
import org.springframework.jms.connection.SingleConnectionFactory;
import org.springframework.jms.core.JmsTemplate;

/**
 * The drain experiment on JMS (profile {@value #PROFILE}): Boot's embedded ActiveMQ Artemis (in-VM, not
 * persistent; {@code application-drain-jms.properties} turns it on), a queue holding the backlog, and one
 * {@code @JmsListener} container with Boot's {@code spring.jms.listener.concurrency} /
 * {@code max-concurrency} consumers. The consumers compete on one queue: the drain time is bounded by the
 * consumer count, the one setting virtual threads make cheap to raise.
 * <p>
 * Artemis's client buffers up to 1 MiB of messages per consumer by default ({@code consumerWindowSize}); with
 * slow consumers the first ones to start would take most of the backlog and the others would idle. Artemis
 * advises a window of 0 for slow consumers, which this experiment sets ({@code vtbench.drain.consumer-window-size}).
 */
@Configuration(proxyBeanMethods = false)
@Profile(JmsDrainConfiguration.PROFILE)
public class JmsDrainConfiguration {

	/** The profile that switches the JMS drain experiment on. */
	public static final String PROFILE = "drain-jms";

	static final String LISTENER_ID = "vtbench-drain";

	static final String QUEUE = "vtbench.drain";

	@Bean
	DrainExperiment drainExperiment(Environment environment,
			@Value("${spring.jms.listener.concurrency:}") String concurrency,
			@Value("${spring.jms.listener.max-concurrency:}") String maxConcurrency,
			@Value("${vtbench.drain.consumer-window-size:0}") int consumerWindowSize,
			@Value("${vtstarter.jms.virtual-threads.enabled:}") String jmsVirtualThreads) {
		Map<String, Object> settings = new LinkedHashMap<>();
		settings.put("concurrency", concurrency);
		settings.put("maxConcurrency", maxConcurrency);
		settings.put("consumerWindowSize", consumerWindowSize);
		settings.put("vtstarter.jms.virtual-threads.enabled", jmsVirtualThreads);
		return DrainExperiment.of("jms", environment, settings);
	}

	@Bean
	static BeanPostProcessor drainConsumerWindowSize(@Value("${vtbench.drain.consumer-window-size:0}") int size) {
		return new BeanPostProcessor() {

			@Override
			public Object postProcessAfterInitialization(Object bean, String beanName) {
				Object target = (bean instanceof SingleConnectionFactory caching) ? caching.getTargetConnectionFactory()
						: bean;
				if (target instanceof ActiveMQConnectionFactory artemis) {
					artemis.setConsumerWindowSize(size);
				}
				return bean;
			}

		};
	}

	@Bean
	Backlog jmsBacklog(JmsTemplate template, JmsListenerEndpointRegistry registry, EmbeddedActiveMQ broker,
			DrainExperiment experiment) {
		return new Backlog() {

			@Override
			public void fill() throws Exception {
				template.execute((session) -> {
					Queue queue = session.createQueue(QUEUE);
					MessageProducer producer = session.createProducer(queue);
					producer.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
					for (int i = 0; i < experiment.messages(); i++) {
						producer.send(session.createTextMessage("m-" + i));
					}
					producer.close();
					return null;
				}, true);
				// non-persistent sends are asynchronous: wait until the broker holds the whole backlog
				long deadline = System.nanoTime() + 120_000_000_000L;
				while (queued(broker) < experiment.messages()) {
					if (System.nanoTime() > deadline) {
						throw new IllegalStateException("the queue holds " + queued(broker) + " messages after 120 s");
					}
					Thread.sleep(20);
				}
			}

			@Override
			public void startConsumers() {
				registry.getListenerContainer(LISTENER_ID).start();
			}

		};
	}

	static long queued(EmbeddedActiveMQ broker) {
		org.apache.activemq.artemis.core.server.Queue queue = broker.getActiveMQServer()
			.locateQueue(SimpleString.toSimpleString(QUEUE));
		return (queue != null) ? queue.getMessageCount() : 0;
	}

	@Bean
	DrainListener jmsDrainListener(DrainExperiment experiment) {
		return new DrainListener(experiment);
	}

	/** The listener: every message costs the experiment's blocking work. */
	static class DrainListener {

		private final DrainExperiment experiment;

		DrainListener(DrainExperiment experiment) {
			this.experiment = experiment;
		}

		@JmsListener(id = LISTENER_ID, destination = QUEUE)
		void onMessage(String payload) throws InterruptedException {
			this.experiment.handle(payload);
		}

	}

}
