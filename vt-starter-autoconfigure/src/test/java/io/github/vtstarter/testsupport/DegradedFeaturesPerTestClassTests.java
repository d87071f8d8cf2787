package io.github.vtstarter.testsupport;

import java.util.Map;

import io.github.vtstarter.autoconfigure.DegradedFeatures;
import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder.request;

/**
 * {@link DegradedFeaturesPerTestClass}: what a test class records stays while the class runs, and is gone when it
 * ends, so that the next class finds the record as it was.
 */
class DegradedFeaturesPerTestClassTests {

	@Test
	void whatAClassRecordsIsTakenBackWhenItEnds() {
		Map<String, String> before = DegradedFeatures.all();
		SummaryGeneratingListener summary = new SummaryGeneratingListener();
		Launcher launcher = LauncherFactory
			.create(LauncherConfig.builder().enableTestExecutionListenerAutoRegistration(false).build());
		launcher.execute(request().selectors(selectClass(Records.class)).build(), new DegradedFeaturesPerTestClass(),
				summary);
		assertThat(summary.getSummary().getTestsSucceededCount()).as("the recording class ran").isEqualTo(1);
		assertThat(DegradedFeatures.all()).isEqualTo(before).doesNotContainKey(Records.FEATURE);
	}

	/** Records a feature as off, as the tests of a failing feature do, and sees it recorded. */
	static class Records {

		static final String FEATURE = "a feature of DegradedFeaturesPerTestClassTests";

		@Test
		void records() {
			DegradedFeatures.record(LogFactory.getLog(Records.class), FEATURE, new IllegalStateException("on purpose"));
			assertThat(DegradedFeatures.all()).containsKey(FEATURE);
		}

	}

}
