package io.github.vtstarter.doctor;

import java.io.IOException;
import java.io.StringReader;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.github.vtstarter.doctor.TestJars.jar;
import static io.github.vtstarter.doctor.TestJars.loader;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The doctor's rules on hand-made entries and jars: which Java, which versions, {@code unless}, pom.properties
 * before the manifest, and the advice's text. The shipped catalogue against published jars:
 * {@link DependencyDoctorRealJarsTests}.
 */
class DependencyDoctorTests {

	private static final Function<String, String> NO_PROPERTIES = (name) -> null;

	@TempDir
	Path temp;

	@Test
	void anEntryAboutSynchronizedAppliesOnlyToTheJavaReleasesItNames() throws IOException {
		List<CatalogueEntry> catalogue = catalogue("""
				acme.coordinates=com.acme:acme-client
				acme.fixed-in=2.0
				acme.java=21-23
				acme.problem=it pins
				acme.source=https://acme.com
				""");
		Path file = jar().pomProperties("com.acme", "acme-client", "1.0").writeJar(this.temp.resolve("acme-1.0.jar"));
		try (URLClassLoader loader = loader(file)) {
			assertThat(examine(catalogue, loader, 21)).hasSize(1);
			assertThat(examine(catalogue, loader, 23)).hasSize(1);
			assertThat(examine(catalogue, loader, 24)).isEmpty();
			assertThat(examine(catalogue, loader, 25)).isEmpty();
		}
	}

	@Test
	void onlyVersionsInTheAffectedRangeAreReported() throws IOException {
		List<CatalogueEntry> catalogue = catalogue("""
				acme.coordinates=com.acme:acme-client
				acme.affected=[2.4.0,3.0.0)
				acme.fixed-in=3.3.0
				acme.problem=it pins
				acme.source=https://acme.com
				""");
		for (String version : new String[] { "2.3.0", "2.4.0", "2.7.15", "3.0.3", "3.2.0", "3.3.0" }) {
			Path file = jar().pomProperties("com.acme", "acme-client", version)
				.writeJar(this.temp.resolve("acme-" + version + ".jar"));
			try (URLClassLoader loader = loader(file)) {
				boolean affected = version.startsWith("2.4") || version.startsWith("2.7");
				assertThat(examine(catalogue, loader, 21)).as(version).hasSize(affected ? 1 : 0);
			}
		}
	}

	@Test
	void aVersionThatIsNotOneIsNeverReportedAsOlder() throws IOException {
		List<CatalogueEntry> catalogue = catalogue("""
				acme.coordinates=com.acme:acme-client
				acme.fixed-in=2.0
				acme.problem=it pins
				acme.source=https://acme.com
				""");
		for (String version : new String[] { "unknown", "${project.version}", "" }) {
			Path file = jar().pomProperties("com.acme", "acme-client", version)
				.writeJar(this.temp.resolve("acme-" + version.hashCode() + ".jar"));
			try (URLClassLoader loader = loader(file)) {
				assertThat(examine(catalogue, loader, 21)).as(version).isEmpty();
			}
		}
	}

	@Test
	void whenPomPropertiesHaveNoVersionTheMarkersManifestIsRead() throws IOException {
		List<CatalogueEntry> catalogue = catalogue("""
				acme.coordinates=com.acme:acme-client
				acme.marker=com.acme.Driver
				acme.manifest-names=com.acme.client
				acme.fixed-in=2.0
				acme.problem=it pins
				acme.source=https://acme.com
				""");
		Path file = jar().pomProperties("com.acme", "acme-client", "${project.version}")
			.manifest("Implementation-Title", "com.acme.client", "Implementation-Version", "1.5")
			.classFile("com.acme.Driver")
			.writeJar(this.temp.resolve("acme.jar"));
		try (URLClassLoader loader = loader(file)) {
			assertThat(examine(catalogue, loader, 21)).singleElement().satisfies((advice) -> {
				assertThat(advice.version()).isEqualTo("1.5");
				assertThat(advice.artifact()).isNull();
			});
		}
	}

	@Test
	void pomPropertiesComeBeforeTheManifestAndEveryCoordinateIsLookedUp() throws IOException {
		List<CatalogueEntry> catalogue = catalogue("""
				acme.coordinates=com.acme:acme-client,com.acme:acme-old
				acme.marker=com.acme.Driver
				acme.manifest-names=com.acme.client
				acme.fixed-in=2.0
				acme.problem=it pins
				acme.source=https://acme.com
				""");
		Path file = jar().pomProperties("com.acme", "acme-old", "1.1")
			.manifest("Implementation-Title", "com.acme.client", "Implementation-Version", "2.5")
			.classFile("com.acme.Driver")
			.writeJar(this.temp.resolve("acme-old-1.1.jar"));
		try (URLClassLoader loader = loader(file)) {
			assertThat(examine(catalogue, loader, 21)).singleElement().satisfies((advice) -> {
				assertThat(advice.version()).isEqualTo("1.1");
				assertThat(advice.artifact()).isEqualTo("com.acme:acme-old");
				assertThat(advice.jar()).isEqualTo("acme-old-1.1.jar");
			});
		}
	}

	@Test
	void anEntryIsSilentWhileItsUnlessPropertyHasTheValue() throws IOException {
		List<CatalogueEntry> catalogue = catalogue("""
				acme.coordinates=com.acme:acme-client
				acme.unless=acme.virtual-threads.enabled=false
				acme.problem=it pins
				acme.remedy=Run on Java 24.
				acme.source=https://acme.com
				""");
		Path file = jar().pomProperties("com.acme", "acme-client", "1.0").writeJar(this.temp.resolve("acme.jar"));
		try (URLClassLoader loader = loader(file)) {
			for (String value : new String[] { "false", "OFF", " no ", "0" }) {
				assertThat(examine(catalogue, loader, 21, Map.of("acme.virtual-threads.enabled", value)::get))
					.as(value)
					.isEmpty();
			}
			for (String value : new String[] { "true", "on", "maybe" }) {
				assertThat(examine(catalogue, loader, 21, Map.of("acme.virtual-threads.enabled", value)::get))
					.as(value)
					.hasSize(1);
			}
			assertThat(examine(catalogue, loader, 21, NO_PROPERTIES)).hasSize(1);
		}
		List<CatalogueEntry> onValue = catalogue("""
				acme.coordinates=com.acme:acme-client
				acme.unless=acme.mode=direct
				acme.problem=it pins
				acme.source=https://acme.com
				""");
		try (URLClassLoader loader = loader(file)) {
			assertThat(examine(onValue, loader, 21, Map.of("acme.mode", "DIRECT")::get)).isEmpty();
			assertThat(examine(onValue, loader, 21, Map.of("acme.mode", "simple")::get)).hasSize(1);
		}
		List<CatalogueEntry> onTrue = catalogue("""
				acme.coordinates=com.acme:acme-client
				acme.unless=acme.safe=true
				acme.problem=it pins
				acme.source=https://acme.com
				""");
		try (URLClassLoader loader = loader(file)) {
			assertThat(examine(onTrue, loader, 21, Map.of("acme.safe", "yes")::get)).isEmpty();
			assertThat(examine(onTrue, loader, 21, Map.of("acme.safe", "no")::get)).hasSize(1);
		}
	}

	@Test
	void theAdviceSaysWhatToMoveToAndHowWithBootsDependencyManagement() throws IOException {
		List<CatalogueEntry> catalogue = catalogue("""
				acme.name=Acme client
				acme.coordinates=com.acme:acme-client
				acme.fixed-in=2.0.0
				acme.boot-property=acme.version
				acme.java=21-23
				acme.problem=it pins
				acme.source=https://acme.com
				""");
		Path file = jar().pomProperties("com.acme", "acme-client", "1.0").writeJar(this.temp.resolve("acme-1.0.jar"));
		try (URLClassLoader loader = loader(file)) {
			Advice advice = examine(catalogue, loader, 22).get(0);
			assertThat(advice).isEqualTo(new Advice("acme", "Acme client", "com.acme:acme-client", "1.0",
					"acme-1.0.jar", "21-23", "2.0.0", "it pins", advice.howToMoveOn(), "https://acme.com", null));
			assertThat(advice.howToMoveOn()).isEqualTo("Move to com.acme:acme-client 2.0.0 or later. With Spring "
					+ "Boot's dependency management set the property acme.version=2.0.0: Maven, in a project whose "
					+ "parent is spring-boot-starter-parent, <acme.version>2.0.0</acme.version> under <properties>; "
					+ "Gradle with the io.spring.dependency-management plugin, ext['acme.version'] = '2.0.0'. "
					+ "Otherwise give the version on the dependency.");
			assertThat(advice.message()).isEqualTo("Acme client 1.0 (acme-1.0.jar) misbehaves on virtual threads on "
					+ "Java 21-23: it pins. " + advice.howToMoveOn() + " Source: https://acme.com");
		}
	}

	@Test
	void theAdviceNamesTheCoordinatesToMoveToWhenTheLibraryChangedItsName() throws IOException {
		List<CatalogueEntry> renamed = catalogue("""
				acme.coordinates=com.acme:acme-java7
				acme.affected=[1.0,)
				acme.fixed-in=7.1.0
				acme.move-to=com.acme:acme
				acme.problem=it spins
				acme.source=https://acme.com
				""");
		Path file = jar().pomProperties("com.acme", "acme-java7", "2.4.13").writeJar(this.temp.resolve("j7.jar"));
		try (URLClassLoader loader = loader(file)) {
			Advice advice = examine(renamed, loader, 25).get(0);
			assertThat(advice.java()).isNull();
			assertThat(advice.howToMoveOn()).isEqualTo("Move to com.acme:acme 7.1.0 or later (the library's current "
					+ "coordinates, in place of com.acme:acme-java7).");
			assertThat(advice.message()).startsWith("com.acme:acme-java7 2.4.13 (j7.jar) misbehaves on virtual "
					+ "threads: it spins. Move to");
		}
		List<CatalogueEntry> manifestOnly = catalogue("""
				acme.name=Acme
				acme.coordinates=com.acme:acme-j,acme:acme-java
				acme.marker=com.acme.Driver
				acme.manifest-names=com.acme
				acme.fixed-in=9.0.0
				acme.problem=it pins
				acme.source=https://acme.com
				""");
		Path old = jar().manifest("Bundle-SymbolicName", "com.acme", "Implementation-Version", "8.0.30")
			.classFile("com.acme.Driver")
			.writeJar(this.temp.resolve("acme-java-8.0.30.jar"));
		try (URLClassLoader loader = loader(old)) {
			assertThat(examine(manifestOnly, loader, 21).get(0).howToMoveOn()).isEqualTo("Move to com.acme:acme-j "
					+ "9.0.0 or later (the library's current coordinates; earlier releases were published as "
					+ "acme:acme-java).");
		}
	}

	@Test
	void withoutAFixTheRemedyIsTheAdvice() throws IOException {
		List<CatalogueEntry> catalogue = catalogue("""
				acme.coordinates=com.acme:acme-client
				acme.problem=it pins
				acme.remedy=Run on Java 24 or later.
				acme.source=https://acme.com
				acme2.coordinates=com.acme:acme-client
				acme2.problem=it pins
				acme2.source=https://acme.com
				acme3.coordinates=com.acme:acme-client
				acme3.fixed-in=3
				acme3.problem=it pins
				acme3.remedy=Or run on Java 24.
				acme3.source=https://acme.com
				""");
		Path file = jar().pomProperties("com.acme", "acme-client", "1.0").writeJar(this.temp.resolve("acme.jar"));
		try (URLClassLoader loader = loader(file)) {
			List<Advice> findings = examine(catalogue, loader, 21);
			assertThat(findings).extracting(Advice::howToMoveOn)
				.containsExactly("Run on Java 24 or later.", "No release fixes it yet.",
						"Move to com.acme:acme-client 3 or later. Or run on Java 24.");
			assertThat(findings.get(0).fixedIn()).isNull();
		}
	}

	@Test
	void withoutACatalogueTheOnesTheClassLoaderSeesAreRead() throws IOException {
		Path root = this.temp.resolve("app");
		jar().entry(Catalogue.RESOURCE, """
				acme.coordinates=com.acme:acme-client
				acme.problem=it pins
				acme.source=https://acme.com
				""").pomProperties("com.acme", "acme-client", "1.0").writeDirectory(root);
		try (URLClassLoader loader = loader(root)) {
			assertThat(new DependencyDoctor(null, loader, 21, NO_PROPERTIES).examine()).extracting(Advice::id)
				.containsExactly("acme");
		}
	}

	private static List<Advice> examine(List<CatalogueEntry> catalogue, ClassLoader loader, int java)
			throws IOException {
		return examine(catalogue, loader, java, NO_PROPERTIES);
	}

	private static List<Advice> examine(List<CatalogueEntry> catalogue, ClassLoader loader, int java,
			Function<String, String> properties) throws IOException {
		return new DependencyDoctor(catalogue, loader, java, properties).examine();
	}

	private static List<CatalogueEntry> catalogue(String content) {
		Properties properties = new Properties();
		try {
			properties.load(new StringReader(content));
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
		return Catalogue.parse(properties, "test");
	}

}
