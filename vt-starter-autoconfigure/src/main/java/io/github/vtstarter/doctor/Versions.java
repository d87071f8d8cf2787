package io.github.vtstarter.doctor;

/**
 * Compares version strings the way release numbers are read: numeric parts by value ({@code 42.10.0} is newer
 * than {@code 42.6.0}), a qualifier ({@code -SNAPSHOT}, {@code .Final}, {@code -rc1}) ignored, so that a snapshot of
 * the fixed release counts as fixed.
 */
final class Versions {

	private Versions() {
	}

	/**
	 * Whether a version is older than another.
	 * @param version the version found
	 * @param than the first good version
	 * @return {@code true} if {@code version} comes before {@code than}
	 */
	static boolean older(String version, String than) {
		int[] a = numbers(version);
		int[] b = numbers(than);
		for (int i = 0; i < Math.max(a.length, b.length); i++) {
			int x = (i < a.length) ? a[i] : 0;
			int y = (i < b.length) ? b[i] : 0;
			if (x != y) {
				return x < y;
			}
		}
		return false;
	}

	private static int[] numbers(String version) {
		String[] parts = version.split("[.\\-_]");
		int[] numbers = new int[parts.length];
		int count = 0;
		for (String part : parts) {
			if (part.isEmpty() || !part.chars().allMatch(Character::isDigit)) {
				break;
			}
			numbers[count++] = Integer.parseInt(part.length() > 9 ? part.substring(0, 9) : part);
		}
		return java.util.Arrays.copyOf(numbers, count);
	}

}
