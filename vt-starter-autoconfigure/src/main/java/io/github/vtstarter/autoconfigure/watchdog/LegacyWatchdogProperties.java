package io.github.vtstarter.autoconfigure.watchdog;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.commons.logging.Log;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.env.EnvironmentPostProcessor;
import org.springframework.boot.logging.DeferredLogFactory;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Keeps the watchdog's settings of earlier snapshots working: {@code vtstarter.scheduler.*} became
 * {@code vtstarter.watchdog.*} when the watchdog got a name of its own (the {@code scheduling} of {@code @Scheduled}
 * is another concern), and {@code lag-warning-threshold} became {@code lag-threshold} when lag stopped being a
 * warning by itself. An old name that is set is copied to the new one, unless that is set too, with one WARN that
 * names both; ignoring it silently would switch back on a watchdog the application had switched off.
 */
public class LegacyWatchdogProperties implements EnvironmentPostProcessor, Ordered {

	/** The property source that carries the copied values, last of all. */
	static final String SOURCE_NAME = "vtstarter-renamed-properties";

	private static final Map<String, String> RENAMED = Map.of("vtstarter.scheduler.enabled",
			WatchdogProperties.PREFIX + ".enabled", "vtstarter.scheduler.probe-interval",
			WatchdogProperties.PREFIX + ".probe-interval", "vtstarter.scheduler.lag-warning-threshold",
			WatchdogProperties.PREFIX + ".lag-threshold", "vtstarter.scheduler.starvation-threshold",
			WatchdogProperties.PREFIX + ".starvation-threshold");

	private final Log logger;

	public LegacyWatchdogProperties(DeferredLogFactory logFactory) {
		this.logger = logFactory.getLog(LegacyWatchdogProperties.class);
	}

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		Binder binder = Binder.get(environment);
		Map<String, Object> copied = new LinkedHashMap<>();
		List<String> renames = new ArrayList<>();
		RENAMED.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach((rename) -> {
			binder.bind(rename.getKey(), String.class).ifBound((value) -> {
				renames.add(rename.getKey() + " -> " + rename.getValue());
				if (!binder.bind(rename.getValue(), String.class).isBound()) {
					copied.put(rename.getValue(), value);
				}
			});
		});
		if (renames.isEmpty()) {
			return;
		}
		if (!copied.isEmpty()) {
			environment.getPropertySources().addLast(new MapPropertySource(SOURCE_NAME, copied));
		}
		this.logger.warn("vt-starter: renamed properties, used under their new names: " + String.join(", ", renames)
				+ ". Rename them in the configuration; the old names will go.");
	}

	@Override
	public int getOrder() {
		// After the config data processor, so that application.properties is seen.
		return Ordered.LOWEST_PRECEDENCE;
	}

}
