package io.github.vtstarter.doctor;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.github.vtstarter.doctor.TestJars.jar;
import static io.github.vtstarter.doctor.TestJars.loader;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * How a version is read from a jar, on hand-made jars for the cases published jars do not show.
 */
class JarVersionsTests {

	private static final List<String> MARKERS = List.of("com.acme.Driver", "com.acme.old.Driver");

	private static final List<String> NAMES = List.of("com.acme.client");

	@TempDir
	Path temp;

	@Test
	void pomPropertiesGiveTheVersionTheCoordinatesAndTheJar() throws IOException {
		Path file = jar().pomProperties("com.acme", "acme-client", " 1.2.3 ").writeJar(this.temp.resolve("acme.jar"));
		try (URLClassLoader loader = loader(file)) {
			assertThat(new JarVersions(loader).fromPomProperties("com.acme:acme-client"))
				.isEqualTo(new FoundVersion("1.2.3", "com.acme:acme-client", "acme.jar", FoundVersion.POM_PROPERTIES));
			assertThat(new JarVersions(loader).fromPomProperties("com.acme:other")).isNull();
		}
	}

	@Test
	void aPomPropertiesVersionThatIsNotOneIsNoVersion() throws IOException {
		for (String version : new String[] { "${project.version}", "unknown", "" }) {
			Path file = jar().pomProperties("com.acme", "acme-client", version)
				.writeJar(this.temp.resolve("acme-" + version.hashCode() + ".jar"));
			try (URLClassLoader loader = loader(file)) {
				assertThat(new JarVersions(loader).fromPomProperties("com.acme:acme-client")).as(version).isNull();
			}
		}
		Path noVersion = jar().entry("META-INF/maven/com.acme/acme-client/pom.properties", "groupId=com.acme\n")
			.writeJar(this.temp.resolve("no-version.jar"));
		try (URLClassLoader loader = loader(noVersion)) {
			assertThat(new JarVersions(loader).fromPomProperties("com.acme:acme-client")).isNull();
		}
	}

	@Test
	void theManifestOfTheJarHoldingAMarkerGivesTheVersion() throws IOException {
		Path other = jar().manifest("Implementation-Title", "com.acme.client", "Implementation-Version", "9.9.9")
			.writeJar(this.temp.resolve("first-on-the-class-path.jar"));
		Path library = jar().manifest("Bundle-SymbolicName", "com.acme.client;singleton:=true", "Bundle-Version", "8.0.30")
			.classFile("com.acme.Driver")
			.writeJar(this.temp.resolve("acme-client-8.0.30.jar"));
		try (URLClassLoader loader = loader(other, library)) {
			assertThat(new JarVersions(loader).fromManifest(MARKERS, NAMES))
				.isEqualTo(new FoundVersion("8.0.30", null, "acme-client-8.0.30.jar", FoundVersion.MANIFEST));
		}
	}

	@Test
	void implementationVersionComesBeforeBundleVersionUnlessItIsNotAVersion() throws IOException {
		Path both = jar().manifest("Implementation-Title", "com.acme.client", "Implementation-Version", "8.0.33",
				"Bundle-Version", "1.0.0")
			.classFile("com.acme.Driver")
			.writeJar(this.temp.resolve("both.jar"));
		try (URLClassLoader loader = loader(both)) {
			assertThat(new JarVersions(loader).fromManifest(MARKERS, NAMES).version()).isEqualTo("8.0.33");
		}
		Path unknown = jar().manifest("Automatic-Module-Name", "com.acme.client", "Implementation-Version", "unknown",
				"Bundle-Version", "8.0.30")
			.classFile("com.acme.Driver")
			.writeJar(this.temp.resolve("unknown.jar"));
		try (URLClassLoader loader = loader(unknown)) {
			assertThat(new JarVersions(loader).fromManifest(MARKERS, NAMES).version()).isEqualTo("8.0.30");
		}
		Path none = jar().manifest("Implementation-Title", "com.acme.client", "Implementation-Version", "${version}")
			.classFile("com.acme.Driver")
			.writeJar(this.temp.resolve("none.jar"));
		try (URLClassLoader loader = loader(none)) {
			assertThat(new JarVersions(loader).fromManifest(MARKERS, NAMES)).isNull();
		}
	}

	@Test
	void theManifestOfAJarThatShadesTheLibraryIsNotTheLibrarys() throws IOException {
		Path shaded = jar().manifest("Implementation-Title", "my-application", "Implementation-Version", "1.0.0",
				"Bundle-SymbolicName", "com.example.app")
			.classFile("com.acme.Driver")
			.writeJar(this.temp.resolve("my-application-1.0.0.jar"));
		try (URLClassLoader loader = loader(shaded)) {
			assertThat(new JarVersions(loader).fromManifest(MARKERS, NAMES)).isNull();
		}
	}

	@Test
	void theSecondMarkerIsLookedForWhenTheFirstIsNotThere() throws IOException {
		Path old = jar().manifest("Implementation-Title", "com.acme.client", "Implementation-Version", "5.1.49")
			.classFile("com.acme.old.Driver")
			.writeJar(this.temp.resolve("old.jar"));
		try (URLClassLoader loader = loader(old)) {
			assertThat(new JarVersions(loader).fromManifest(MARKERS, NAMES).version()).isEqualTo("5.1.49");
		}
	}

	@Test
	void noMarkerOrNoManifestIsNoVersion() throws IOException {
		Path noMarker = jar().manifest("Implementation-Title", "com.acme.client", "Implementation-Version", "1.0")
			.writeJar(this.temp.resolve("no-marker.jar"));
		Path noManifest = jar().classFile("com.acme.Driver").writeJar(this.temp.resolve("no-manifest.jar"));
		try (URLClassLoader loader = loader(noMarker)) {
			assertThat(new JarVersions(loader).fromManifest(MARKERS, NAMES)).isNull();
		}
		try (URLClassLoader loader = loader(noManifest)) {
			assertThat(new JarVersions(loader).fromManifest(MARKERS, NAMES)).isNull();
		}
		try (URLClassLoader loader = loader(noManifest)) {
			assertThat(new JarVersions(loader).fromManifest(List.of(), NAMES)).isNull();
		}
	}

	@Test
	void anExplodedDirectoryIsReadLikeAJar(@TempDir Path directory) throws IOException {
		jar().manifest("Implementation-Title", "com.acme.client", "Implementation-Version", "8.0.33")
			.classFile("com.acme.Driver")
			.writeDirectory(directory);
		try (URLClassLoader loader = loader(directory)) {
			FoundVersion found = new JarVersions(loader).fromManifest(MARKERS, NAMES);
			assertThat(found.version()).isEqualTo("8.0.33");
			assertThat(found.jar()).isEqualTo(directory.getFileName().toString());
		}
		Path empty = this.temp.resolve("empty");
		jar().classFile("com.acme.Driver").writeDirectory(empty);
		try (URLClassLoader loader = loader(empty)) {
			assertThat(new JarVersions(loader).fromManifest(MARKERS, NAMES)).isNull();
		}
	}

	@Test
	void theJarNameIsTheLastPartOfTheJarsLocation() throws IOException {
		assertThat(JarVersions.jarName(new URL("jar:file:/libs/mysql-connector-j-8.0.33.jar!/META-INF/MANIFEST.MF"),
				"META-INF/MANIFEST.MF"))
			.isEqualTo("mysql-connector-j-8.0.33.jar");
		assertThat(JarVersions.jarName(
				new URL("jar:file:/app.jar!/BOOT-INF/lib/HikariCP-5.0.1.jar!/META-INF/maven/com.zaxxer/HikariCP/pom.properties"),
				"META-INF/maven/com.zaxxer/HikariCP/pom.properties"))
			.isEqualTo("HikariCP-5.0.1.jar");
		assertThat(JarVersions.jarName(new URL("file:/work/classes/META-INF/MANIFEST.MF"), "META-INF/MANIFEST.MF"))
			.isEqualTo("classes");
	}

}
