package io.github.vtstarter.doctor;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/**
 * Checks the jars a class loader sees against the {@link Catalogue} of library versions known to misbehave on
 * virtual threads, for the running Java.
 * <p>
 * For each entry whose problem exists on this Java (an entry about {@code synchronized} pinning applies to Java
 * 21-23 only: JEP 491 removed that pinning in 24), and whose {@code unless} property does not rule it out, the
 * library's version is read by {@link JarVersions}: the {@code pom.properties} of each of its coordinates, or,
 * when none has one, the manifest of the jar holding a marker class. A version in the entry's affected range is a
 * finding; a library whose version cannot be read is not reported, rather than guessed. No class is loaded.
 * <p>
 * A JDBC driver's finding (an entry with {@code jdbc-subprotocols}) says it is not in use when the application's
 * JDBC URLs are known and none goes through the driver: an application built for several databases carries every
 * driver and connects with one.
 */
public final class DependencyDoctor {

	private static final Set<String> FALSE = Set.of("false", "off", "no", "0");

	private static final Set<String> TRUE = Set.of("true", "on", "yes", "1");

	private final List<CatalogueEntry> catalogue;

	private final ClassLoader classLoader;

	private final int java;

	private final Function<String, String> properties;

	/**
	 * A doctor for the class path of an application on this JVM, with the catalogues that class path holds.
	 * @param classLoader the application's class loader
	 * @param properties the application's properties (for {@code unless}), {@code name -> value or null}
	 */
	public DependencyDoctor(ClassLoader classLoader, Function<String, String> properties) {
		this(null, classLoader, Runtime.version().feature(), properties);
	}

	/**
	 * A doctor with a given catalogue, class loader and Java release, for tests and tools.
	 * @param catalogue the entries, or {@code null} to read the catalogues the class loader sees
	 * @param classLoader what to examine
	 * @param java the Java feature release the application runs on
	 * @param properties the application's properties (for {@code unless}), {@code name -> value or null}
	 */
	public DependencyDoctor(List<CatalogueEntry> catalogue, ClassLoader classLoader, int java,
			Function<String, String> properties) {
		this.catalogue = catalogue;
		this.classLoader = classLoader;
		this.java = java;
		this.properties = properties;
	}

	/**
	 * Reads the catalogue (unless given) and the class path.
	 * @return the findings, in catalogue order (files in class path order, ids in alphabetical order within one)
	 * @throws IOException when a catalogue or a jar cannot be read
	 * @throws IllegalArgumentException when a catalogue entry is malformed
	 */
	public List<Advice> examine() throws IOException {
		return examine(JdbcUrlsInUse.unknown());
	}

	/**
	 * Reads the catalogue (unless given) and the class path, and tells the JDBC drivers the application connects
	 * through from those it only carries.
	 * @param jdbcUrls the JDBC URLs the application's DataSources connect with
	 * @return the findings, in catalogue order (files in class path order, ids in alphabetical order within one)
	 * @throws IOException when a catalogue or a jar cannot be read
	 * @throws IllegalArgumentException when a catalogue entry is malformed
	 */
	public List<Advice> examine(JdbcUrlsInUse jdbcUrls) throws IOException {
		List<CatalogueEntry> entries = (this.catalogue != null) ? this.catalogue : Catalogue.load(this.classLoader);
		JarVersions versions = new JarVersions(this.classLoader);
		List<Advice> findings = new ArrayList<>();
		for (CatalogueEntry entry : entries) {
			if (!entry.java().contains(this.java) || ruledOut(entry.unless())) {
				continue;
			}
			for (FoundVersion found : find(entry, versions)) {
				if (entry.affected().contains(found.version())) {
					findings.add(advice(entry, found, notInUse(entry, jdbcUrls)));
				}
			}
		}
		return findings;
	}

	private static List<FoundVersion> find(CatalogueEntry entry, JarVersions versions) throws IOException {
		List<FoundVersion> found = new ArrayList<>();
		for (String coordinates : entry.coordinates()) {
			FoundVersion version = versions.fromPomProperties(coordinates);
			if (version != null) {
				found.add(version);
			}
		}
		if (found.isEmpty() && !entry.markers().isEmpty()) {
			FoundVersion version = versions.fromManifest(entry.markers(), entry.manifestNames());
			if (version != null) {
				found.add(version);
			}
		}
		return found;
	}

	private boolean ruledOut(String unless) {
		if (unless == null) {
			return false;
		}
		int equals = unless.indexOf('=');
		String value = this.properties.apply(unless.substring(0, equals).trim());
		if (value == null) {
			return false;
		}
		String actual = value.trim().toLowerCase(Locale.ROOT);
		String expected = unless.substring(equals + 1).trim().toLowerCase(Locale.ROOT);
		// Booleans as Boot reads them: "off" is false.
		if (FALSE.contains(expected)) {
			return FALSE.contains(actual);
		}
		if (TRUE.contains(expected)) {
			return TRUE.contains(actual);
		}
		return actual.equals(expected);
	}

	private static String notInUse(CatalogueEntry entry, JdbcUrlsInUse jdbcUrls) {
		if (entry.jdbcSubprotocols().isEmpty() || jdbcUrls.mayConnectThrough(entry.jdbcSubprotocols())) {
			return null;
		}
		return "no DataSource of the application connects through it (they connect with " + jdbcUrls.describe()
				+ ")";
	}

	private Advice advice(CatalogueEntry entry, FoundVersion found, String notInUse) {
		return new Advice(entry.id(), entry.name(), found.coordinates(), found.version(), found.jar(),
				entry.java().isEveryJava() ? null : entry.java().toString(), entry.fixedIn(), entry.problem(),
				howToMoveOn(entry, found), entry.source(), notInUse);
	}

	/**
	 * What to do, in one or two sentences: the coordinates and version to move to and how to set it with Spring
	 * Boot's dependency management (Maven property, Gradle {@code ext}), or the entry's remedy.
	 */
	static String howToMoveOn(CatalogueEntry entry, FoundVersion found) {
		if (entry.fixedIn() == null) {
			return (entry.remedy() != null) ? entry.remedy() : "No release fixes it yet.";
		}
		String fixedIn = entry.fixedIn();
		StringBuilder how = new StringBuilder("Move to ").append(entry.moveTo()).append(' ').append(fixedIn)
			.append(" or later");
		List<String> formerNames = entry.coordinates().stream().filter((c) -> !c.equals(entry.moveTo())).toList();
		if (found.coordinates() != null && !found.coordinates().equals(entry.moveTo())) {
			how.append(" (the library's current coordinates, in place of ").append(found.coordinates()).append(')');
		}
		else if (found.coordinates() == null && !formerNames.isEmpty()) {
			how.append(" (the library's current coordinates; earlier releases were published as ")
				.append(String.join(", ", formerNames))
				.append(')');
		}
		how.append('.');
		String property = entry.bootProperty();
		if (property != null) {
			how.append(" With Spring Boot's dependency management set the property ")
				.append(property)
				.append('=')
				.append(fixedIn)
				.append(": Maven, in a project whose parent is spring-boot-starter-parent, <")
				.append(property)
				.append('>')
				.append(fixedIn)
				.append("</")
				.append(property)
				.append("> under <properties>; Gradle with the io.spring.dependency-management plugin, ext['")
				.append(property)
				.append("'] = '")
				.append(fixedIn)
				.append("'. Otherwise give the version on the dependency.");
		}
		if (entry.remedy() != null) {
			how.append(' ').append(entry.remedy());
		}
		return how.toString();
	}

}
