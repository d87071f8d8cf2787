package io.github.vtstarter.doctor;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * The catalogue of library versions known to misbehave on virtual threads: every {@value #RESOURCE} on the class
 * path (vt-starter's own, and any an application or a library adds), read in class path order; an id defined twice
 * keeps the first definition found. Keys of an entry {@code <id>}:
 * <ul>
 * <li>{@code coordinates} (required): {@code groupId:artifactId}, comma-separated when the library was published
 * under several;</li>
 * <li>{@code name}: the library's name for people, default the first coordinates;</li>
 * <li>{@code affected}: the versions that misbehave, {@code [from,below)}; default every version below
 * {@code fixed-in}, or every version when there is none;</li>
 * <li>{@code fixed-in}: the first version without the problem, the one to move to;</li>
 * <li>{@code move-to}: the coordinates to move to, default the first coordinates;</li>
 * <li>{@code boot-property}: the property of Spring Boot's dependency management that sets the version;</li>
 * <li>{@code java}: the Java releases on which the problem exists ({@code 21-23}), default every one;</li>
 * <li>{@code marker}: classes of the library (comma-separated): for jars without {@code pom.properties}, the
 * version is read from the manifest of the jar holding the first one found...</li>
 * <li>{@code manifest-names}: ...if that manifest names the library with one of these
 * ({@code Bundle-SymbolicName}, {@code Implementation-Title} or {@code Automatic-Module-Name});</li>
 * <li>{@code unless}: {@code property=value}, the problem cannot occur while the property has that value;</li>
 * <li>{@code problem} (required): what goes wrong, one sentence;</li>
 * <li>{@code remedy}: what to do when no release fixes it;</li>
 * <li>{@code source} (required): where it is documented;</li>
 * <li>{@code jdbc-subprotocols}: for a JDBC driver, the subprotocols of the URLs it serves ({@code mysql}), so that
 * a driver no DataSource of the application connects through is reported as unused, not as an alarm.</li>
 * </ul>
 * An entry that breaks these rules fails the read with a message naming the file and the key.
 */
public final class Catalogue {

	/** The catalogue's resource name. */
	public static final String RESOURCE = "META-INF/vtstarter/dependency-advice.properties";

	private static final String COORDINATES = ".coordinates";

	private static final Pattern SUBPROTOCOL = Pattern.compile("[a-z0-9][a-z0-9.-]*");

	private Catalogue() {
	}

	/**
	 * Reads every catalogue a class loader sees.
	 * @param classLoader where to look
	 * @return the entries: files in class path order, ids in alphabetical order within a file
	 * @throws IOException when a catalogue cannot be read
	 * @throws IllegalArgumentException when an entry is malformed
	 */
	public static List<CatalogueEntry> load(ClassLoader classLoader) throws IOException {
		Map<String, CatalogueEntry> entries = new LinkedHashMap<>();
		Enumeration<URL> files = classLoader.getResources(RESOURCE);
		while (files.hasMoreElements()) {
			URL file = files.nextElement();
			Properties properties = new Properties();
			try (InputStream in = file.openStream()) {
				properties.load(in);
			}
			for (CatalogueEntry entry : parse(properties, file.toString())) {
				entries.putIfAbsent(entry.id(), entry);
			}
		}
		return new ArrayList<>(entries.values());
	}

	/**
	 * Reads the entries of one catalogue file.
	 * @param properties the file's content
	 * @param origin the file, for messages
	 * @return the entries, in alphabetical order of their ids
	 * @throws IllegalArgumentException when an entry is malformed
	 */
	public static List<CatalogueEntry> parse(Properties properties, String origin) {
		List<CatalogueEntry> entries = new ArrayList<>();
		properties.stringPropertyNames()
			.stream()
			.filter((key) -> key.endsWith(COORDINATES))
			.map((key) -> key.substring(0, key.length() - COORDINATES.length()))
			.sorted()
			.forEach((id) -> entries.add(entry(id, properties, origin)));
		return entries;
	}

	private static CatalogueEntry entry(String id, Properties properties, String origin) {
		Reader reader = new Reader(id, properties, origin);
		List<String> coordinates = reader.list("coordinates");
		if (coordinates.isEmpty()) {
			throw reader.invalid("coordinates", "no groupId:artifactId");
		}
		for (String coordinate : coordinates) {
			String[] parts = coordinate.split(":");
			if (parts.length != 2 || parts[0].isBlank() || parts[1].isBlank()) {
				throw reader.invalid("coordinates", "'" + coordinate + "' is not groupId:artifactId");
			}
		}
		String fixedIn = reader.get("fixed-in");
		if (fixedIn != null && !Versions.isVersion(fixedIn)) {
			throw reader.invalid("fixed-in", "'" + fixedIn + "' is not a version");
		}
		VersionRange affected = reader.parse("affected", VersionRange::parse);
		if (affected == null) {
			affected = (fixedIn != null) ? VersionRange.below(fixedIn) : VersionRange.ALL;
		}
		JavaRange java = reader.parse("java", JavaRange::parse);
		String unless = reader.get("unless");
		if (unless != null && unless.indexOf('=') < 1) {
			throw reader.invalid("unless", "'" + unless + "' is not property=value");
		}
		List<String> markers = reader.list("marker");
		List<String> manifestNames = reader.list("manifest-names");
		if (!markers.isEmpty() && manifestNames.isEmpty()) {
			throw reader.invalid("manifest-names", "a marker needs the names its jar's manifest gives the library");
		}
		String moveTo = reader.get("move-to");
		List<String> jdbcSubprotocols = reader.list("jdbc-subprotocols");
		for (String subprotocol : jdbcSubprotocols) {
			if (!SUBPROTOCOL.matcher(subprotocol).matches()) {
				throw reader.invalid("jdbc-subprotocols",
						"'" + subprotocol + "' is not a JDBC subprotocol (lower case, as in jdbc:mysql://)");
			}
		}
		return new CatalogueEntry(id, orElse(reader.get("name"), coordinates.get(0)), coordinates, markers,
				manifestNames, affected, fixedIn, orElse(moveTo, coordinates.get(0)), reader.get("boot-property"),
				(java != null) ? java : JavaRange.ALL, unless, reader.required("problem"), reader.get("remedy"),
				reader.required("source"), jdbcSubprotocols);
	}

	private static String orElse(String value, String otherwise) {
		return (value != null) ? value : otherwise;
	}

	private record Reader(String id, Properties properties, String origin) {

		String get(String key) {
			String value = this.properties.getProperty(this.id + "." + key);
			return (value == null || value.isBlank()) ? null : value.trim();
		}

		String required(String key) {
			String value = get(key);
			if (value == null) {
				throw invalid(key, "missing");
			}
			return value;
		}

		List<String> list(String key) {
			String value = get(key);
			if (value == null) {
				return List.of();
			}
			return Arrays.stream(value.split(",")).map(String::trim).filter((item) -> !item.isEmpty()).toList();
		}

		<T> T parse(String key, java.util.function.Function<String, T> parser) {
			String value = get(key);
			if (value == null) {
				return null;
			}
			try {
				return parser.apply(value);
			}
			catch (IllegalArgumentException ex) {
				throw invalid(key, ex.getMessage());
			}
		}

		IllegalArgumentException invalid(String key, String why) {
			return new IllegalArgumentException(
					"vt-starter's dependency catalogue " + this.origin + ": " + this.id + "." + key + ": " + why);
		}

	}

}
