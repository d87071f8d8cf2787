package io.github.vtstarter.autoconfigure;

import java.util.LinkedHashMap;
import java.util.Map;

import io.github.vtstarter.threads.VirtualThreads;
import org.apache.commons.logging.Log;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.env.EnvironmentPostProcessor;
import org.springframework.boot.logging.DeferredLogFactory;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.PropertySource;

/**
 * Makes {@code spring.threads.virtual.enabled} default to {@code true} while vt-starter is on the classpath.
 * <ul>
 * <li>On Boot 3.1 nothing is added to the environment: vt-starter's own conditions read a missing value as
 * {@code true} ({@link VirtualThreadsSwitch}). Adding a property source would be worse: a
 * {@code @PropertySource} file is added to the environment during the refresh, behind every source already
 * there, and a default added here would hide its {@code false}.</li>
 * <li>On Boot 3.2+ Boot's own conditions must see {@code true}, so the default goes into Boot's
 * {@code defaultProperties}, the lowest-precedence source Boot keeps last: application.properties,
 * environment variables, system properties and the command line all win.</li>
 * </ul>
 * On a Java 17 runtime nothing is added and one INFO line says that the starter steps aside.
 * <p>
 * Boot's {@code DefaultPropertiesPropertySource} moved from {@code org.springframework.boot} to
 * {@code org.springframework.boot.env} in Boot 4, so the default is merged here with Spring Framework's types
 * only, as Boot merges it (Boot finds that source by its name, {@value #DEFAULT_PROPERTIES}, on every line).
 * <p>
 * Registered under Boot 3's {@code org.springframework.boot.env.EnvironmentPostProcessor} key, which Boot 4.0
 * and 4.1 still read (deprecated there for removal).
 */
public class VirtualThreadsEnvironmentPostProcessor implements EnvironmentPostProcessor, Ordered {

	/** The name of Boot's lowest-precedence property source, the same on every Boot line. */
	static final String DEFAULT_PROPERTIES = "defaultProperties";

	private final Log logger;

	public VirtualThreadsEnvironmentPostProcessor(DeferredLogFactory logFactory) {
		this.logger = logFactory.getLog(VirtualThreadsEnvironmentPostProcessor.class);
	}

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		// Also validates the value: a bad one fails here, with the failure analysis, before anything else runs.
		if (!VirtualThreadsSwitch.isEnabled(environment)) {
			return;
		}
		if (!VirtualThreads.isSupported()) {
			this.logger.info("vt-starter is inactive: " + VirtualThreads.unsupportedMessage()
					+ ". The application runs on platform threads as before.");
			return;
		}
		DegradedFeatures.guard(this.logger, "the default spring.threads.virtual.enabled=true for Boot's own support",
				() -> {
					if (!VirtualThreadsSwitch.isSet(environment) && BootVersion.current().hasNativeVirtualThreads()) {
						addDefault(environment.getPropertySources(), VirtualThreadsSwitch.PROPERTY, "true");
					}
				});
	}

	/**
	 * Adds a default to Boot's {@code defaultProperties} source, creating it last if there is none, as Boot's
	 * {@code DefaultPropertiesPropertySource.addOrMerge} does: the existing source (which may hold an
	 * unmodifiable map) is replaced by a merged copy.
	 */
	static void addDefault(MutablePropertySources sources, String name, Object value) {
		Map<String, Object> merged = new LinkedHashMap<>();
		PropertySource<?> existing = sources.get(DEFAULT_PROPERTIES);
		if (existing != null && existing.getSource() instanceof Map<?, ?> map) {
			map.forEach((key, existingValue) -> merged.put(String.valueOf(key), existingValue));
		}
		merged.put(name, value);
		MapPropertySource defaults = new MapPropertySource(DEFAULT_PROPERTIES, merged);
		if (existing != null) {
			sources.replace(DEFAULT_PROPERTIES, defaults);
		}
		else {
			sources.addLast(defaults);
		}
	}

	@Override
	public int getOrder() {
		// After the config data processor, so that application.properties is seen.
		return Ordered.LOWEST_PRECEDENCE;
	}

}
