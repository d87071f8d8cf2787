package io.github.vtstarter.doctor;

import java.util.Arrays;
import java.util.regex.Pattern;

/**
 * Reads and compares version strings the way release numbers are read: numeric parts by value ({@code 42.10.0} is
 * newer than {@code 42.6.0}), missing parts as 0 ({@code 3.3} is {@code 3.3.0}), a qualifier ({@code -SNAPSHOT},
 * {@code .Final}, {@code -rc1}, {@code .jre17}) ignored, so that a snapshot of the fixed release counts as fixed
 * (never a false alarm).
 * <p>
 * A string that does not start with a number ({@code unknown}, {@code ${project.version}}, empty) is not a version:
 * {@link #isVersion} says so, and the doctor reports nothing for it rather than take it for an old release.
 */
final class Versions {

	private static final Pattern VERSION = Pattern.compile("[0-9]+(\\.[0-9]+)*([-_.+][0-9A-Za-z.+_-]*)?");

	private Versions() {
	}

	/**
	 * Whether a string is a release number: digits, optionally dot-separated numbers after them, then an optional
	 * qualifier.
	 * @param text the string read from a jar, may be {@code null}
	 * @return {@code true} for {@code 8.0.33}, {@code 9.1-901-1.jdbc4}, {@code 7.1.0-SNAPSHOT}; {@code false} for
	 * {@code null}, blank, {@code unknown}, {@code ${project.version}}
	 */
	static boolean isVersion(String text) {
		return text != null && VERSION.matcher(text).matches();
	}

	/**
	 * Whether a version is older than another. Both must be versions ({@link #isVersion}).
	 * @param version the version found
	 * @param than the version to compare with
	 * @return {@code true} if {@code version} comes before {@code than}
	 */
	static boolean older(String version, String than) {
		return compare(version, than) < 0;
	}

	/**
	 * Compares two versions by their numeric parts.
	 * @param a a version
	 * @param b another
	 * @return negative, zero or positive as {@code a} is older than, equal to or newer than {@code b}
	 */
	static int compare(String a, String b) {
		int[] x = numbers(a);
		int[] y = numbers(b);
		for (int i = 0; i < Math.max(x.length, y.length); i++) {
			int p = (i < x.length) ? x[i] : 0;
			int q = (i < y.length) ? y[i] : 0;
			if (p != q) {
				return Integer.compare(p, q);
			}
		}
		return 0;
	}

	private static int[] numbers(String version) {
		String[] parts = version.split("[.\\-_+]");
		int[] numbers = new int[parts.length];
		int count = 0;
		for (String part : parts) {
			if (part.isEmpty() || !part.chars().allMatch((c) -> c >= '0' && c <= '9')) {
				break;
			}
			numbers[count++] = Integer.parseInt((part.length() > 9) ? part.substring(0, 9) : part);
		}
		return Arrays.copyOf(numbers, count);
	}

}
