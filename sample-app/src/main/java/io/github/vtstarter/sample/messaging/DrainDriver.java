package io.github.vtstarter.sample.messaging;

import java.util.Map;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.annotation.Profile;
import org.springframework.context.event.EventListener;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Runs the drain experiment once the application is ready (on a platform thread of its own, not one of the
 * listener threads being measured), and shows its result on {@code GET /drain} (the benchmark polls it).
 */
@RestController
@Profile({ KafkaDrainConfiguration.PROFILE, JmsDrainConfiguration.PROFILE })
public class DrainDriver {

	private final DrainExperiment experiment;

	private final DrainBroker broker;

	private final boolean autostart;

	DrainDriver(DrainExperiment experiment, DrainBroker broker,
			@Value("${vtbench.drain.autostart:true}") boolean autostart) {
		this.experiment = experiment;
		this.broker = broker;
		this.autostart = autostart;
	}

	@EventListener(ApplicationReadyEvent.class)
	void onReady() {
		if (this.autostart) {
			start();
		}
	}

	/** Starts the run on a thread of its own; the run ends by itself (drained, or timed out). */
	public Thread start() {
		Thread driver = new Thread(() -> this.experiment.run(() -> {
			try {
				this.broker.fill();
			}
			catch (Exception ex) {
				throw new IllegalStateException("filling the backlog failed", ex);
			}
		}, this.broker::startListeners), "drain-driver");
		driver.setDaemon(true);
		driver.start();
		return driver;
	}

	@GetMapping(path = "/drain", produces = "application/json")
	public Map<String, Object> result() {
		return this.experiment.result();
	}

}
