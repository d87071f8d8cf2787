package io.github.vtstarter.autoconfigure;

/**
 * For tests in other packages that switch a feature off on purpose: {@link DegradedFeatures} keeps one record per
 * class loader, which the whole suite shares, and the tests that check a healthy start expect it empty.
 */
public final class DegradedFeaturesCleanup {

	private DegradedFeaturesCleanup() {
	}

	/**
	 * Forgets the features a test switched off.
	 * @param features the features
	 */
	public static void forget(String... features) {
		for (String feature : features) {
			DegradedFeatures.forget(feature);
		}
	}

}
