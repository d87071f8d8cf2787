package io.github.vtstarter.sample.drain;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledFuture;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.core.env.Environment;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.scheduling.annotation.EnableScheduling;

/**
 * The drain case of {@code @Scheduled} (profile {@value #PROFILE}): {@code vtbench.drain.jobs} jobs (50), each run at
 * a fixed rate of {@code vtbench.drain.rate-ms} (100 ms) on the scheduler that runs {@code @Scheduled} methods (the
 * {@code taskScheduler} bean Boot defines with {@code @EnableScheduling}), each run costing the blocking work; the
 * backlog is the number of runs to complete. On Boot 3.1 that scheduler is a {@code ThreadPoolTaskScheduler} of
 * {@code spring.task.scheduling.pool.size} threads (1), with the starter a new virtual thread per run. The jobs are
 * scheduled through the bean (as the {@code @Scheduled} processor does), since a method's annotation cannot be
 * repeated 50 times.
 */
@Configuration(proxyBeanMethods = false)
@Profile(ScheduledDrainConfiguration.PROFILE)
@EnableScheduling
public class ScheduledDrainConfiguration {

	/** The profile that switches the {@code @Scheduled} drain case on. */
	public static final String PROFILE = "drain-scheduled";

	@Bean
	DrainExperiment drainExperiment(Environment environment, @Value("${vtbench.drain.jobs:50}") int jobs,
			@Value("${vtbench.drain.rate-ms:100}") long rateMs) {
		Map<String, Object> settings = new LinkedHashMap<>();
		settings.put("jobs", jobs);
		settings.put("rateMs", rateMs);
		settings.put("spring.task.scheduling.pool.size",
				environment.getProperty("spring.task.scheduling.pool.size", "(Boot's default)"));
		return DrainExperiment.of("scheduled", environment, settings);
	}

	@Bean
	Backlog scheduledBacklog(TaskScheduler taskScheduler, DrainExperiment experiment,
			@Value("${vtbench.drain.jobs:50}") int jobs, @Value("${vtbench.drain.rate-ms:100}") long rateMs) {
		return new Backlog() {

			private final List<ScheduledFuture<?>> scheduled = new CopyOnWriteArrayList<>();

			@Override
			public void fill() {
				// the runs to come are the backlog: nothing to put in place
			}

			@Override
			public void startConsumers() {
				for (int i = 0; i < jobs; i++) {
					String job = "job-" + i;
					this.scheduled.add(taskScheduler.scheduleAtFixedRate(() -> run(job), Duration.ofMillis(rateMs)));
				}
			}

			private void run(String job) {
				if (experiment.handled() >= experiment.messages()) {
					this.scheduled.forEach((future) -> future.cancel(false));
					return;
				}
				try {
					experiment.handle(job);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			}

		};
	}

}
