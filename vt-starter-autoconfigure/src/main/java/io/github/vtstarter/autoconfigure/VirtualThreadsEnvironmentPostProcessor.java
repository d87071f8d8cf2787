package io.github.vtstarter.autoconfigure;

import java.util.Map;

import io.github.vtstarter.threads.VirtualThreads;
import org.apache.commons.logging.Log;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.env.EnvironmentPostProcessor;
import org.springframework.boot.logging.DeferredLogFactory;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Makes {@code spring.threads.virtual.enabled} default to {@code true} while vt-starter is on the
 * classpath, by adding a lowest-precedence property source. Every other source (application.properties,
 * environment variables, command line) still wins. On Boot 3.2+ the same default switches on Boot's native
 * support, so an application keeps its behaviour when it upgrades.
 * <p>
 * On a Java 17 runtime nothing is added and one INFO line says that the starter steps aside.
 */
public class VirtualThreadsEnvironmentPostProcessor implements EnvironmentPostProcessor, Ordered {

	/** Name of the property source that carries the default. */
	public static final String PROPERTY_SOURCE_NAME = "vtStarterDefaults";

	private final Log logger;

	public VirtualThreadsEnvironmentPostProcessor(DeferredLogFactory logFactory) {
		this.logger = logFactory.getLog(VirtualThreadsEnvironmentPostProcessor.class);
	}

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		if (environment.getPropertySources().contains(PROPERTY_SOURCE_NAME)) {
			return;
		}
		if (!VirtualThreadsSwitch.isEnabled(environment)) {
			return;
		}
		if (!VirtualThreads.isSupported()) {
			this.logger.info("vt-starter is inactive: " + VirtualThreads.unsupportedMessage()
					+ ". The application runs on platform threads as before.");
			return;
		}
		if (environment.getProperty(VirtualThreadsSwitch.PROPERTY) == null) {
			environment.getPropertySources()
				.addLast(new MapPropertySource(PROPERTY_SOURCE_NAME, Map.of(VirtualThreadsSwitch.PROPERTY, "true")));
		}
	}

	@Override
	public int getOrder() {
		// After the config data processor, so that application.properties is seen.
		return Ordered.LOWEST_PRECEDENCE;
	}

}
