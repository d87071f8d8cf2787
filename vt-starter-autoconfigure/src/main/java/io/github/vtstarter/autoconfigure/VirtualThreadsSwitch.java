package io.github.vtstarter.autoconfigure;

import org.springframework.core.env.Environment;

/**
 * Reads Boot's own switch, {@code spring.threads.virtual.enabled}. Boot 3.2+ treats a missing value as
 * {@code false}; with vt-starter on the classpath it defaults to {@code true} (see
 * {@link VirtualThreadsEnvironmentPostProcessor}), because adding the starter is how one asks for virtual
 * threads.
 * <p>
 * The value is read with {@link BooleanProperty}: converted as Boot 3.2+ converts it, so that a configuration
 * Boot accepts is accepted here and the other way round; a value that does not convert fails the start.
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
	 * @throws InvalidVirtualThreadsPropertyException when the value is not a boolean
	 */
	public static boolean isEnabled(Environment environment) {
		Boolean value = value(environment);
		return value == null || value;
	}

	/**
	 * Whether the property has a value of its own (rather than vt-starter's default).
	 * @param environment the environment
	 * @return {@code true} when the property is set
	 */
	static boolean isSet(Environment environment) {
		return value(environment) != null;
	}

	private static Boolean value(Environment environment) {
		return BooleanProperty.read(environment, PROPERTY);
	}

	/**
	 * Says where the switch's value comes from, for the conditions report.
	 * @param environment the environment
	 * @return for example {@code spring.threads.virtual.enabled is true}
	 */
	public static String describe(Environment environment) {
		return isSet(environment) ? PROPERTY + " is true" : PROPERTY + " is not set (vt-starter's default: true)";
	}

}
