package io.github.vtstarter.autoconfigure;

import org.springframework.core.convert.ConversionException;
import org.springframework.core.env.Environment;

/**
 * Reads a boolean property the way Boot converts it ({@code true/false}, {@code on/off}, {@code yes/no},
 * {@code 1/0}, any case; empty means not set), and fails with the property's name, for the failure analysis,
 * when the value does not convert: a typo must not silently read as {@code false}.
 */
public final class BooleanProperty {

	private BooleanProperty() {
	}

	/**
	 * The property's value.
	 * @param environment the environment
	 * @param name the property
	 * @return the value, or {@code null} when not set
	 * @throws InvalidVirtualThreadsPropertyException when the value is not a boolean
	 */
	public static Boolean read(Environment environment, String name) {
		try {
			return environment.getProperty(name, Boolean.class);
		}
		catch (ConversionException | IllegalArgumentException ex) {
			throw new InvalidVirtualThreadsPropertyException(name, environment.getProperty(name),
					"it must be true or false");
		}
	}

}
