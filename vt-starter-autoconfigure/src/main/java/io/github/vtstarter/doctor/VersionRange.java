package io.github.vtstarter.doctor;

/**
 * The versions of a library that have a problem, in Maven's range notation, lower bound included, upper bound
 * excluded: {@code [2.4.0,3.0.0)}, {@code [2.6.0,)}, {@code (,9.0.0)}, {@code (,)} for every version.
 * @param from the first affected version, {@code null} for no lower bound
 * @param below the first version no longer affected, {@code null} for no upper bound
 */
public record VersionRange(String from, String below) {

	/** Every version. */
	public static final VersionRange ALL = new VersionRange(null, null);

	public VersionRange {
		if (from != null && !Versions.isVersion(from)) {
			throw new IllegalArgumentException("'" + from + "' is not a version");
		}
		if (below != null && !Versions.isVersion(below)) {
			throw new IllegalArgumentException("'" + below + "' is not a version");
		}
		if (from != null && below != null && Versions.compare(from, below) >= 0) {
			throw new IllegalArgumentException("the range [" + from + "," + below + ") is empty");
		}
	}

	/**
	 * Versions below one.
	 * @param below the first version not in the range
	 * @return {@code (,below)}
	 */
	public static VersionRange below(String below) {
		return new VersionRange(null, below);
	}

	/**
	 * Parses {@code [from,below)}, {@code [from,)}, {@code (,below)} or {@code (,)}.
	 * @param text the range
	 * @return the range
	 * @throws IllegalArgumentException when the text is not such a range
	 */
	public static VersionRange parse(String text) {
		String range = text.trim();
		int comma = range.indexOf(',');
		if (range.length() < 3 || !range.endsWith(")") || comma < 0 || range.indexOf(',', comma + 1) >= 0) {
			throw new IllegalArgumentException("'" + text + "' is not a range like [2.4.0,3.0.0), [2.6.0,) or (,9.0.0)");
		}
		String from = range.substring(1, comma).trim();
		String below = range.substring(comma + 1, range.length() - 1).trim();
		char open = range.charAt(0);
		if ((open == '[') == from.isEmpty() || (open != '[' && open != '(')) {
			throw new IllegalArgumentException("'" + text + "': a lower bound is written [from, none (");
		}
		return new VersionRange(from.isEmpty() ? null : from, below.isEmpty() ? null : below);
	}

	/**
	 * Whether a version is in the range.
	 * @param version a version ({@link Versions#isVersion})
	 * @return {@code true} if affected
	 */
	public boolean contains(String version) {
		return (this.from == null || !Versions.older(version, this.from))
				&& (this.below == null || Versions.older(version, this.below));
	}

	@Override
	public String toString() {
		return ((this.from != null) ? "[" + this.from : "(") + "," + ((this.below != null) ? this.below : "") + ")";
	}

}
