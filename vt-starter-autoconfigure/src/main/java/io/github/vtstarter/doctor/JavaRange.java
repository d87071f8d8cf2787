package io.github.vtstarter.doctor;

/**
 * The Java feature releases on which a problem exists: {@code 21-23} (what {@code synchronized} pins, before
 * JEP 491), {@code 21+}, or one release ({@code 21}).
 * @param from the first release affected
 * @param to the last release affected, {@link Integer#MAX_VALUE} for no end
 */
public record JavaRange(int from, int to) {

	/** Every Java that has virtual threads. */
	public static final JavaRange ALL = new JavaRange(21, Integer.MAX_VALUE);

	public JavaRange {
		if (from > to || from < 1) {
			throw new IllegalArgumentException("no Java release is in " + from + "-" + to);
		}
	}

	/**
	 * Parses {@code 21-23}, {@code 21+} or {@code 21}.
	 * @param text the range
	 * @return the range
	 * @throws IllegalArgumentException when the text is not such a range
	 */
	public static JavaRange parse(String text) {
		String range = text.trim();
		try {
			if (range.endsWith("+")) {
				return new JavaRange(Integer.parseInt(range.substring(0, range.length() - 1)), Integer.MAX_VALUE);
			}
			int dash = range.indexOf('-');
			if (dash > 0) {
				return new JavaRange(Integer.parseInt(range.substring(0, dash)),
						Integer.parseInt(range.substring(dash + 1)));
			}
			int release = Integer.parseInt(range);
			return new JavaRange(release, release);
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException("'" + text + "' is not a Java range like 21-23, 21+ or 21");
		}
	}

	/**
	 * Whether a Java feature release is in the range.
	 * @param feature {@code Runtime.version().feature()}
	 * @return {@code true} if the problem exists there
	 */
	public boolean contains(int feature) {
		return feature >= this.from && feature <= this.to;
	}

	/** @return whether the range is {@link #ALL} or wider */
	public boolean isEveryJava() {
		return this.from <= ALL.from && this.to == Integer.MAX_VALUE;
	}

	@Override
	public String toString() {
		if (this.to == Integer.MAX_VALUE) {
			return this.from + "+";
		}
		return (this.from == this.to) ? String.valueOf(this.from) : this.from + "-" + this.to;
	}

}
