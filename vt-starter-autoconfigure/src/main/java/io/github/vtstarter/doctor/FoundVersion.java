package io.github.vtstarter.doctor;

/**
 * A library's version as read from its jar.
 * @param version the version ({@link Versions#isVersion})
 * @param coordinates the {@code groupId:artifactId} whose {@code pom.properties} gave it, or {@code null} when the
 * version came from the manifest (such a jar does not say under which coordinates it was published)
 * @param jar the file it was read from ({@code mysql-connector-j-8.0.33.jar}), for people
 * @param from {@value #POM_PROPERTIES} or {@value #MANIFEST}
 */
public record FoundVersion(String version, String coordinates, String jar, String from) {

	/** The version came from {@code META-INF/maven/<groupId>/<artifactId>/pom.properties}. */
	public static final String POM_PROPERTIES = "pom.properties";

	/** The version came from {@code META-INF/MANIFEST.MF}. */
	public static final String MANIFEST = "MANIFEST.MF";

}
