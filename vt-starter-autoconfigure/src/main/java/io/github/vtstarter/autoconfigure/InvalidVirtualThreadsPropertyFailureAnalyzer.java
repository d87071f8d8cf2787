package io.github.vtstarter.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains an {@link InvalidVirtualThreadsPropertyException} the way Boot explains its own bad properties.
 */
class InvalidVirtualThreadsPropertyFailureAnalyzer extends AbstractFailureAnalyzer<InvalidVirtualThreadsPropertyException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, InvalidVirtualThreadsPropertyException cause) {
		return new FailureAnalysis(
				"Invalid value '" + cause.getValue() + "' for property '" + cause.getProperty() + "': "
						+ cause.getReason() + ".",
				"Update the value of '" + cause.getProperty() + "' in your application's configuration.", cause);
	}

}
