package io.github.vtstarter.autoconfigure;

/**
 * Thrown at start-up when a property that vt-starter reads has a value it cannot use. Turned into a
 * readable report by {@link InvalidVirtualThreadsPropertyFailureAnalyzer}.
 */
public class InvalidVirtualThreadsPropertyException extends IllegalStateException {

	private final String property;

	private final String value;

	private final String reason;

	public InvalidVirtualThreadsPropertyException(String property, Object value, String reason) {
		super("Invalid value '" + value + "' for property '" + property + "': " + reason);
		this.property = property;
		this.value = String.valueOf(value);
		this.reason = reason;
	}

	public String getProperty() {
		return this.property;
	}

	public String getValue() {
		return this.value;
	}

	public String getReason() {
		return this.reason;
	}

}
