package io.github.vtstarter.sample.drain;

import java.util.Map;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Runs the drain case of the active profile once the application is ready (on a platform thread of its own, not
 * one of the threads being measured), and shows its result on {@code GET /drain} (the benchmark polls it). Without
 * a case, {@code /drain} says so.
 */
@RestController
public class DrainDriver {

	private final ObjectProvider<DrainExperiment> experiment;

	private final ObjectProvider<Backlog> backlog;

	private final boolean autostart;

	DrainDriver(ObjectProvider<DrainExperiment> experiment, ObjectProvider<Backlog> backlog,
			@Value("${vtbench.drain.autostart:true}") boolean autostart) {
		this.experiment = experiment;
		this.backlog = backlog;
		this.autostart = autostart;
	}

	@EventListener(ApplicationReadyEvent.class)
	void onReady() {
		if (this.autostart && this.backlog.getIfAvailable() != null) {
			start();
		}
	}

	/** Starts the run on a thread of its own; the run ends by itself (drained, or timed out). */
	public Thread start() {
		DrainExperiment run = this.experiment.getObject();
		Backlog work = this.backlog.getObject();
		Thread driver = new Thread(() -> run.run(() -> {
			try {
				work.fill();
			}
			catch (Exception ex) {
				throw new IllegalStateException("filling the backlog failed", ex);
			}
		}, () -> {
			try {
				work.startConsumers();
			}
			catch (Exception ex) {
				throw new IllegalStateException("starting the consumers failed", ex);
			}
		}), "drain-driver");
		driver.setDaemon(true);
		driver.start();
		return driver;
	}

	@GetMapping(path = "/drain", produces = "application/json")
	public Map<String, Object> result() {
		DrainExperiment run = this.experiment.getIfAvailable();
		return (run != null) ? run.result() : Map.of("state", "NO_CASE");
	}

}
