package io.github.vtstarter.doctor;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The JDBC URLs an application connects with, when they are known: what tells a JDBC driver the application uses
 * from one that only sits on its class path. An application built to run on several databases (profiles for H2,
 * MySQL and PostgreSQL, as in Spring PetClinic) carries every driver; a problem of a driver no DataSource connects
 * through cannot happen, and warning about it would be a false alarm.
 * <p>
 * When anything is unsure (no DataSource, a DataSource whose URL cannot be read), the URLs are unknown and every
 * driver counts as used: a doubt keeps the warning.
 */
public final class JdbcUrlsInUse {

	private static final JdbcUrlsInUse UNKNOWN = new JdbcUrlsInUse(null);

	private final List<String> urls;

	private JdbcUrlsInUse(List<String> urls) {
		this.urls = urls;
	}

	/** @return URLs that are not known: every driver counts as used */
	public static JdbcUrlsInUse unknown() {
		return UNKNOWN;
	}

	/**
	 * The URLs every DataSource of the application connects with.
	 * @param urls the URLs, one or more
	 * @return them, known
	 */
	public static JdbcUrlsInUse of(List<String> urls) {
		if (urls.isEmpty()) {
			throw new IllegalArgumentException("no URL: with no DataSource the URLs are unknown, not none");
		}
		return new JdbcUrlsInUse(List.copyOf(urls));
	}

	/** @return whether the URLs are known */
	public boolean isKnown() {
		return this.urls != null;
	}

	/**
	 * Whether a connection may go through a driver that serves these subprotocols: yes when the URLs are unknown,
	 * when one names one of them anywhere before its host or database part ({@code jdbc:mysql:},
	 * {@code jdbc:mysql+srv:}, {@code jdbc:mysql:loadbalance:}, and through wrapping drivers such as
	 * {@code jdbc:p6spy:mysql:} or {@code jdbc:tc:mysql:8.0:}), or when a URL does not start with {@code jdbc:}.
	 * @param subprotocols the driver's subprotocols ({@code mysql})
	 * @return whether the driver may be used
	 */
	public boolean mayConnectThrough(List<String> subprotocols) {
		if (this.urls == null) {
			return true;
		}
		for (String url : this.urls) {
			List<String> names = names(url);
			if (names == null) {
				return true;
			}
			for (String name : names) {
				if (subprotocols.contains(name)) {
					return true;
				}
			}
		}
		return false;
	}

	/**
	 * What the application connects with, for messages: {@code jdbc:h2}, one per subprotocol, never a host, a
	 * database name or a credential.
	 * @return the URLs' leading subprotocols, or {@code "unknown"}
	 */
	public String describe() {
		if (this.urls == null) {
			return "unknown";
		}
		Set<String> described = new LinkedHashSet<>();
		for (String url : this.urls) {
			List<String> names = names(url);
			if (names == null) {
				described.add("a URL that does not start with jdbc:");
			}
			else {
				described.add(names.isEmpty() ? "jdbc:" : "jdbc:" + names.get(0));
			}
		}
		return String.join(", ", described);
	}

	/**
	 * The colon-separated names of a URL after {@code jdbc:}, up to where the host, the path or the properties
	 * begin; a name with a {@code +} counts as what precedes it too ({@code mysql+srv}).
	 * @return the names, or {@code null} when the URL does not start with {@code jdbc:}
	 */
	static List<String> names(String url) {
		String lower = url.trim().toLowerCase(Locale.ROOT);
		if (!lower.startsWith("jdbc:")) {
			return null;
		}
		String rest = lower.substring("jdbc:".length());
		for (String stop : List.of("//", "@", ";", "?")) {
			int at = rest.indexOf(stop);
			if (at >= 0) {
				rest = rest.substring(0, at);
			}
		}
		List<String> names = new ArrayList<>();
		for (String name : rest.split(":")) {
			if (!name.isEmpty()) {
				names.add(name);
				int plus = name.indexOf('+');
				if (plus > 0) {
					names.add(name.substring(0, plus));
				}
			}
		}
		return names;
	}

}
