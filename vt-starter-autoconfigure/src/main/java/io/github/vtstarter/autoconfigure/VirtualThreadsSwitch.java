package io.github.vtstarter.autoconfigure;

import org.springframework.core.env.Environment;

/**
 * Reads Boot's own switch, {@code spring.threads.virtual.enabled}. Boot 3.2+ treats a missing value as
 * {@code false}; with vt-starter on the classpath it defaults to {@code true} (see
 * {@link VirtualThreadsEnvironmentPostProcessor}), because adding the starter is how one asks for virtual
 * threads. A value that is not a boolean fails the start with the property's name.
 */
public final class VirtualThreadsSwitch {

	/** Boot's property. */
	public static final String PROPERTY = "spring.threads.virtual.enabled";

	private VirtualThreadsSwitch() {
	}

	/**
	 * Whether virtual threads are asked for, whatever the JVM.
	 * @param environment the environment
	 * @return the property's value, {@code true} when absent
	 */
	public static boolean isEnabled(Environment environment) {
		String value = environment.getProperty(PROPERTY);
		if (value == null) {
			return true;
		}
		String trimmed = value.trim();
		if (trimmed.equalsIgnoreCase("true")) {
			return true;
		}
		if (trimmed.equalsIgnoreCase("false")) {
			return false;
		}
		throw new InvalidVirtualThreadsPropertyException(PROPERTY, value, "it must be true or false");
	}

	static String describe(Environment environment) {
		return (environment.getProperty(PROPERTY) != null) ? PROPERTY + " is true"
				: PROPERTY + " is not set (vt-starter's default: true)";
	}

}
