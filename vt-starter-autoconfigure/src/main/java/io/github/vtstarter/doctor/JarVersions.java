package io.github.vtstarter.doctor;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.NoSuchFileException;
import java.util.Collection;
import java.util.Properties;
import java.util.jar.Attributes;
import java.util.jar.Manifest;

/**
 * Reads a library's version from the jars a class loader sees, without loading any of its classes:
 * <ol>
 * <li>{@code META-INF/maven/<groupId>/<artifactId>/pom.properties}, which Maven puts in every jar it builds: one
 * resource lookup;</li>
 * <li>failing that (jars built with Ant or Gradle: MySQL Connector/J, pgjdbc), the manifest of the jar that holds a
 * marker class of the library ({@code Implementation-Version}, else {@code Bundle-Version}), provided the manifest
 * names that library ({@code Bundle-SymbolicName}, {@code Implementation-Title} or {@code Automatic-Module-Name}):
 * an application jar that shades the library has a manifest of its own, whose version is not the library's.</li>
 * </ol>
 * A value that is not a version ({@code unknown}, {@code ${project.version}}) counts as no version: failing both,
 * nothing is found.
 */
public final class JarVersions {

	private static final String MANIFEST = "META-INF/MANIFEST.MF";

	private final ClassLoader classLoader;

	/**
	 * Reads from what a class loader sees.
	 * @param classLoader the class loader
	 */
	public JarVersions(ClassLoader classLoader) {
		this.classLoader = classLoader;
	}

	/**
	 * The version in a coordinate's {@code pom.properties}.
	 * @param coordinates {@code groupId:artifactId}
	 * @return the version, or {@code null} when there is no such file or its version is not one
	 * @throws IOException when the file cannot be read
	 */
	public FoundVersion fromPomProperties(String coordinates) throws IOException {
		int colon = coordinates.indexOf(':');
		String resource = "META-INF/maven/" + coordinates.substring(0, colon) + "/" + coordinates.substring(colon + 1)
				+ "/pom.properties";
		URL url = this.classLoader.getResource(resource);
		if (url == null) {
			return null;
		}
		Properties properties = new Properties();
		try (InputStream in = url.openStream()) {
			properties.load(in);
		}
		String version = trim(properties.getProperty("version"));
		return Versions.isVersion(version)
				? new FoundVersion(version, coordinates, jarName(url, resource), FoundVersion.POM_PROPERTIES) : null;
	}

	/**
	 * The version in the manifest of the jar holding the first marker class found.
	 * @param markers class names of the library
	 * @param names what the manifest must call the library
	 * @return the version, or {@code null} when no marker is found, the manifest is missing, names another library
	 * or has no version
	 * @throws IOException when the manifest cannot be read
	 */
	public FoundVersion fromManifest(Collection<String> markers, Collection<String> names) throws IOException {
		for (String marker : markers) {
			String resource = marker.replace('.', '/') + ".class";
			URL url = this.classLoader.getResource(resource);
			if (url != null) {
				return fromManifest(url, resource, names);
			}
		}
		return null;
	}

	private FoundVersion fromManifest(URL classFile, String resource, Collection<String> names) throws IOException {
		String location = classFile.toString();
		if (!location.endsWith(resource)) {
			return null;
		}
		// The same URL with the class's path replaced by the manifest's: the jar (or directory) that holds the
		// class, whatever the protocol (jar:file:, Boot's jar:nested:, file:), with the class file's URL handler.
		URL url = new URL(classFile, location.substring(0, location.length() - resource.length()) + MANIFEST);
		Manifest manifest;
		try (InputStream in = url.openStream()) {
			manifest = new Manifest(in);
		}
		catch (FileNotFoundException | NoSuchFileException ex) {
			return null;
		}
		Attributes main = manifest.getMainAttributes();
		if (!namesTheLibrary(main, names)) {
			return null;
		}
		String version = trim(main.getValue(Attributes.Name.IMPLEMENTATION_VERSION));
		if (!Versions.isVersion(version)) {
			version = trim(main.getValue("Bundle-Version"));
		}
		return Versions.isVersion(version)
				? new FoundVersion(version, null, jarName(url, MANIFEST), FoundVersion.MANIFEST) : null;
	}

	private static boolean namesTheLibrary(Attributes main, Collection<String> names) {
		String symbolicName = trim(main.getValue("Bundle-SymbolicName"));
		if (symbolicName != null && symbolicName.indexOf(';') >= 0) {
			symbolicName = symbolicName.substring(0, symbolicName.indexOf(';')).trim();
		}
		return isOneOf(symbolicName, names) || isOneOf(trim(main.getValue(Attributes.Name.IMPLEMENTATION_TITLE)), names)
				|| isOneOf(trim(main.getValue("Automatic-Module-Name")), names);
	}

	private static boolean isOneOf(String name, Collection<String> names) {
		return name != null && names.contains(name);
	}

	/**
	 * The name of the jar (or directory) a resource was found in: {@code mysql-connector-j-8.0.33.jar} for
	 * {@code jar:file:/.../mysql-connector-j-8.0.33.jar!/META-INF/MANIFEST.MF}.
	 */
	static String jarName(URL url, String resource) {
		String location = url.toString();
		String root = location.endsWith(resource) ? location.substring(0, location.length() - resource.length())
				: location;
		while (root.endsWith("/") || root.endsWith("!")) {
			root = root.substring(0, root.length() - 1);
		}
		return root.substring(root.lastIndexOf('/') + 1);
	}

	private static String trim(String value) {
		return (value != null) ? value.trim() : null;
	}

}
