package io.github.vtstarter.autoconfigure;

import java.util.Map;

import io.github.vtstarter.threads.VirtualThreads;
import org.apache.commons.logging.Log;

import org.springframework.boot.DefaultPropertiesPropertySource;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.env.EnvironmentPostProcessor;
import org.springframework.boot.logging.DeferredLogFactory;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;

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
 */
public class VirtualThreadsEnvironmentPostProcessor implements EnvironmentPostProcessor, Ordered {

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
		if (!VirtualThreadsSwitch.isSet(environment) && BootVersion.current().hasNativeVirtualThreads()) {
			DefaultPropertiesPropertySource.addOrMerge(Map.<String, Object>of(VirtualThreadsSwitch.PROPERTY, "true"),
					environment.getPropertySources());
		}
	}

	@Override
	public int getOrder() {
		// After the config data processor, so that application.properties is seen.
		return Ordered.LOWEST_PRECEDENCE;
	}

}
