package io.github.vtstarter.doctor;

import java.util.List;

/**
 * One entry of the catalogue ({@value Catalogue#RESOURCE}): a library, the versions of it that misbehave on virtual
 * threads, on which Java, and how to move on. See {@link Catalogue} for the keys.
 * @param id the entry's id
 * @param name the library's name for people ({@code MySQL Connector/J})
 * @param coordinates the Maven coordinates it has been published under ({@code groupId:artifactId}), newest first;
 * each is looked up in {@code META-INF/maven/<groupId>/<artifactId>/pom.properties}
 * @param markers classes of the library, for jars without {@code pom.properties}: the manifest of the jar holding
 * the first one found gives the version
 * @param manifestNames what that manifest must call the library ({@code Bundle-SymbolicName},
 * {@code Implementation-Title} or {@code Automatic-Module-Name}) for its version to count, so that the manifest of
 * an application jar that shades the library is never read as the library's
 * @param affected the versions that misbehave
 * @param fixedIn the first version without the problem, the one to move to; {@code null} when no release fixes it
 * @param moveTo the coordinates to move to (the library's current name)
 * @param bootProperty the property of Spring Boot's dependency management that sets the library's version
 * ({@code hikaricp.version}), or {@code null}
 * @param java the Java releases on which the problem exists
 * @param unless a property and the value with which the problem cannot occur ({@code name=value}), or
 * {@code null}
 * @param problem what goes wrong, one sentence
 * @param remedy what to do when no release fixes it (or besides moving), or {@code null}
 * @param source where it is documented
 * @param jdbcSubprotocols for a JDBC driver, the subprotocols of the URLs it serves ({@code mysql} for
 * {@code jdbc:mysql://...}): when every DataSource of the application is known to connect through others, the driver
 * is on the class path but unused, and its finding is no alarm; empty for a library that is not a JDBC driver
 */
public record CatalogueEntry(String id, String name, List<String> coordinates, List<String> markers,
		List<String> manifestNames, VersionRange affected, String fixedIn, String moveTo, String bootProperty,
		JavaRange java, String unless, String problem, String remedy, String source, List<String> jdbcSubprotocols) {

	public CatalogueEntry {
		coordinates = List.copyOf(coordinates);
		markers = List.copyOf(markers);
		manifestNames = List.copyOf(manifestNames);
		jdbcSubprotocols = List.copyOf(jdbcSubprotocols);
	}

}
