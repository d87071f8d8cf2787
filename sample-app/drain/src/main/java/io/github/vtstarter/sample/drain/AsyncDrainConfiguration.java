package io.github.vtstarter.sample.drain;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.core.env.Environment;
import org.springframework.scheduling.annotation.Async;
import org.springframework.scheduling.annotation.EnableAsync;

/**
 * The drain case of {@code @Async} (profile {@value #PROFILE}): the backlog is handed to an {@code @Async} method,
 * one call per item, as fast as the caller can make them; each call costs the blocking work. The calls run on the
 * application task executor Boot auto-configures: on Boot 3.1 a {@code ThreadPoolTaskExecutor} of 8 core threads and
 * an unbounded queue ({@code spring.task.execution.pool.*}), with the starter a new virtual thread per call.
 */
@Configuration(proxyBeanMethods = false)
@Profile(AsyncDrainConfiguration.PROFILE)
@EnableAsync
public class AsyncDrainConfiguration {

	/** The profile that switches the {@code @Async} drain case on. */
	public static final String PROFILE = "drain-async";

	@Bean
	DrainExperiment drainExperiment(Environment environment) {
		Map<String, Object> settings = new LinkedHashMap<>();
		settings.put("spring.task.execution.pool.core-size",
				environment.getProperty("spring.task.execution.pool.core-size", "(Boot's default)"));
		return DrainExperiment.of("async", environment, settings);
	}

	@Bean
	AsyncWork asyncWork(DrainExperiment experiment) {
		return new AsyncWork(experiment);
	}

	@Bean
	Backlog asyncBacklog(AsyncWork work, DrainExperiment experiment) {
		return new Backlog() {

			@Override
			public void fill() {
				// nothing waits anywhere before the calls: the executor's queue (or the virtual threads) is the backlog
			}

			@Override
			public void startConsumers() {
				for (int i = 0; i < experiment.messages(); i++) {
					work.handle("m-" + i);
				}
			}

		};
	}

	/** The {@code @Async} method (public, on a bean of its own, so that the proxy intercepts the calls). */
	public static class AsyncWork {

		private final DrainExperiment experiment;

		AsyncWork(DrainExperiment experiment) {
			this.experiment = experiment;
		}

		@Async
		public void handle(String payload) {
			try {
				this.experiment.handle(payload);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}

	}

}
