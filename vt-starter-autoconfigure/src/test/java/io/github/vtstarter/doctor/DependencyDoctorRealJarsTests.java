package io.github.vtstarter.doctor;

import java.io.IOException;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * vt-starter's catalogue against the jars the libraries really published (Maven Central, copied to
 * {@code target/doctor-jars} by the {@code copy-doctor-jars} execution of the build), each in a class loader of its
 * own: for every entry, the first and last affected version and the first good one, under every coordinate the
 * library has had, on a Java where the problem exists and on one where it does not. The jars of MySQL Connector/J
 * and of pgjdbc have no {@code pom.properties}: their rows fail if the doctor stops reading manifests.
 */
class DependencyDoctorRealJarsTests {

	static final Path JARS = Paths.get("target", "doctor-jars");

	private static final String NONE = null;

	private static List<CatalogueEntry> catalogue;

	@BeforeAll
	static void readTheCatalogue() throws IOException {
		catalogue = Catalogue.load(DependencyDoctorRealJarsTests.class.getClassLoader());
	}

	/**
	 * One published jar on one Java, and the entry expected to report it.
	 * @param gav the coordinates and version it was published under
	 * @param java the Java feature release
	 * @param entry the catalogue entry expected to report it, or {@code null} for no finding
	 * @param from where its version is read from
	 * @param why what the row shows
	 */
	record Row(String gav, int java, String entry, String from, String why) {

		String coordinates() {
			return this.gav.substring(0, this.gav.lastIndexOf(':'));
		}

		String version() {
			return this.gav.substring(this.gav.lastIndexOf(':') + 1);
		}

		Path jar() {
			String[] parts = this.gav.split(":");
			return jarFile(parts[0] + "." + parts[1] + "-" + parts[2] + ".jar");
		}

		@Override
		public String toString() {
			return this.gav + " on Java " + this.java + ": " + ((this.entry != null) ? this.entry : "nothing") + " ("
					+ this.why + ")";
		}

	}

	static Stream<Row> rows() {
		String pom = FoundVersion.POM_PROPERTIES;
		String manifest = FoundVersion.MANIFEST;
		return Stream.of(
				// HikariCP: the yield spin exists on every Java with virtual threads.
				new Row("com.zaxxer:HikariCP:2.5.1", 21, NONE, pom, "before the spin"),
				new Row("com.zaxxer:HikariCP:2.6.0", 21, "hikaricp", pom, "first with the spin"),
				new Row("com.zaxxer:HikariCP:5.0.1", 25, "hikaricp", pom, "Boot 3.1's"),
				new Row("com.zaxxer:HikariCP:6.3.3", 21, "hikaricp", pom, "Boot 3.5's"),
				new Row("com.zaxxer:HikariCP:7.0.2", 25, "hikaricp", pom, "Boot 4.0's, last affected"),
				new Row("com.zaxxer:HikariCP:7.1.0", 21, NONE, pom, "first fixed"),
				new Row("com.zaxxer:HikariCP-java7:2.4.9", 21, NONE, pom, "before the spin"),
				new Row("com.zaxxer:HikariCP-java7:2.4.10", 21, "hikaricp-java7", pom, "first with the spin"),
				new Row("com.zaxxer:HikariCP-java7:2.4.13", 25, "hikaricp-java7", pom, "the last release"),
				// MySQL Connector/J: Ant-built, the version is only in the manifest; synchronized pins on 21-23.
				new Row("mysql:mysql-connector-java:5.1.49", 21, "mysql-connector-j", manifest, "5.1's last"),
				new Row("mysql:mysql-connector-java:8.0.30", 23, "mysql-connector-j", manifest,
						"the old coordinates' last jar"),
				new Row("mysql:mysql-connector-java:8.0.30", 24, NONE, manifest, "synchronized no longer pins"),
				new Row("com.mysql:mysql-connector-j:8.0.33", 21, "mysql-connector-j", manifest, "Boot 3.1's"),
				new Row("com.mysql:mysql-connector-j:8.4.0", 22, "mysql-connector-j", manifest, "last affected"),
				new Row("com.mysql:mysql-connector-j:8.4.0", 25, NONE, manifest, "synchronized no longer pins"),
				new Row("com.mysql:mysql-connector-j:9.0.0", 21, NONE, manifest, "first fixed"),
				// pgjdbc: Gradle-built, the version is only in the manifest.
				new Row("org.postgresql:postgresql:42.5.6", 21, "pgjdbc", manifest, "last affected"),
				new Row("org.postgresql:postgresql:42.5.6", 25, NONE, manifest, "synchronized no longer pins"),
				new Row("org.postgresql:postgresql:42.6.0", 21, NONE, manifest, "first fixed, Boot 3.1.0's"),
				// MariaDB: synchronized reads by default in 2.4.0-2.7.x only.
				new Row("org.mariadb.jdbc:mariadb-java-client:2.3.0", 21, NONE, pom, "plain BufferedInputStream"),
				new Row("org.mariadb.jdbc:mariadb-java-client:2.4.0", 21, "mariadb-java-client", pom,
						"first with useReadAheadInput=true"),
				new Row("org.mariadb.jdbc:mariadb-java-client:2.7.15", 23, "mariadb-java-client", pom,
						"the last 2.x"),
				new Row("org.mariadb.jdbc:mariadb-java-client:2.7.15", 24, NONE, pom, "synchronized no longer pins"),
				new Row("org.mariadb.jdbc:mariadb-java-client:3.0.3", 21, NONE, pom, "read-ahead off by default"),
				new Row("org.mariadb.jdbc:mariadb-java-client:3.2.0", 21, NONE, pom,
						"the last before 3.3.0, read-ahead off by default"),
				new Row("org.mariadb.jdbc:mariadb-java-client:3.3.0", 21, NONE, pom, "CONJ-1115"),
				// JMS clients: no release avoids waiting inside synchronized; only Java 24+ does.
				new Row("org.apache.activemq:artemis-core-client:2.28.0", 21, "artemis-core-client", pom,
						"Boot 3.1's"),
				new Row("org.apache.activemq:artemis-core-client:2.28.0", 24, NONE, pom, "JEP 491"),
				new Row("org.apache.artemis:artemis-core-client:2.56.0", 23, "artemis-core-client", pom,
						"the newest, new group"),
				new Row("org.apache.artemis:artemis-core-client:2.56.0", 25, NONE, pom, "JEP 491"),
				new Row("org.apache.activemq:activemq-client:5.18.4", 21, "activemq-client", pom, "javax"),
				new Row("org.apache.activemq:activemq-client-jakarta:5.18.4", 22, "activemq-client", pom,
						"Boot 3.1's"),
				new Row("org.apache.activemq:activemq-client:6.3.1", 23, "activemq-client", pom, "the newest"),
				new Row("org.apache.activemq:activemq-client:6.3.1", 24, NONE, pom, "JEP 491"));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("rows")
	void thePublishedJarIsAdvisedExactlyWhenItMisbehaves(Row row) throws IOException {
		try (URLClassLoader loader = new URLClassLoader(new java.net.URL[] { row.jar().toUri().toURL() },
				ClassLoader.getPlatformClassLoader())) {
			FoundVersion found = versionOf(row, loader);
			assertThat(found).as("the version of " + row.gav() + " is read from its " + row.from()).isNotNull();
			assertThat(found.version()).isEqualTo(row.version());
			List<Advice> findings = new DependencyDoctor(catalogue, loader, row.java(), (name) -> null).examine();
			if (row.entry() == null) {
				assertThat(findings).isEmpty();
				return;
			}
			assertThat(findings).singleElement().satisfies((advice) -> {
				CatalogueEntry entry = entry(row.entry());
				assertThat(advice.id()).isEqualTo(row.entry());
				assertThat(advice.library()).isEqualTo(entry.name());
				assertThat(advice.version()).isEqualTo(row.version());
				assertThat(advice.artifact()).isEqualTo(row.from().equals(FoundVersion.POM_PROPERTIES)
						? row.coordinates() : null);
				assertThat(advice.jar()).isEqualTo(row.jar().getFileName().toString());
				assertThat(advice.fixedIn()).isEqualTo(entry.fixedIn());
				assertThat(advice.message()).startsWith(entry.name() + " " + row.version() + " (");
				if (entry.fixedIn() != null) {
					assertThat(advice.howToMoveOn())
						.startsWith("Move to " + entry.moveTo() + " " + entry.fixedIn() + " or later");
				}
				if (entry.bootProperty() != null) {
					assertThat(advice.howToMoveOn()).contains("<" + entry.bootProperty() + ">" + entry.fixedIn())
						.contains("ext['" + entry.bootProperty() + "'] = '" + entry.fixedIn() + "'");
				}
			});
		}
	}

	private static FoundVersion versionOf(Row row, ClassLoader loader) throws IOException {
		JarVersions versions = new JarVersions(loader);
		if (row.from().equals(FoundVersion.POM_PROPERTIES)) {
			return versions.fromPomProperties(row.coordinates());
		}
		assertThat(versions.fromPomProperties(row.coordinates())).as("no pom.properties in " + row.gav()).isNull();
		CatalogueEntry entry = catalogue.stream()
			.filter((candidate) -> candidate.coordinates().contains(row.coordinates()))
			.findFirst()
			.orElseThrow();
		return versions.fromManifest(entry.markers(), entry.manifestNames());
	}

	@Test
	void everyCoordinateOfEveryEntryHasAnAffectedPublishedJarAmongTheRows() {
		for (CatalogueEntry entry : catalogue) {
			for (String coordinates : entry.coordinates()) {
				assertThat(rows()).as(entry.id() + " " + coordinates)
					.anyMatch((row) -> row.coordinates().equals(coordinates) && entry.id().equals(row.entry()));
			}
		}
	}

	@Test
	void everyFixIsTestedOnItsFirstGoodReleaseAndEveryRangeOnItsFirstAffectedOne() {
		for (CatalogueEntry entry : catalogue) {
			if (entry.fixedIn() != null && entry.coordinates().contains(entry.moveTo())) {
				assertThat(rows()).as(entry.id() + " fixed-in").anyMatch((row) -> row.entry() == null
						&& row.coordinates().equals(entry.moveTo()) && row.version().equals(entry.fixedIn()));
			}
			String below = entry.affected().below();
			if (below != null && !below.equals(entry.fixedIn())) {
				assertThat(rows()).as(entry.id() + " first good above the range").anyMatch((row) -> row.entry() == null
						&& entry.coordinates().contains(row.coordinates()) && !Versions.older(row.version(), below));
			}
			if (entry.affected().from() != null) {
				assertThat(rows()).as(entry.id() + " first affected").anyMatch((row) -> entry.id().equals(row.entry())
						&& row.version().equals(entry.affected().from()));
				assertThat(rows()).as(entry.id() + " last good below the range").anyMatch((row) -> row.entry() == null
						&& entry.coordinates().contains(row.coordinates())
						&& Versions.older(row.version(), entry.affected().from()));
			}
		}
	}

	@Test
	void everyEntryLimitedToSomeJavaReleasesIsTestedOutsideThem() {
		for (CatalogueEntry entry : catalogue) {
			if (!entry.java().isEveryJava()) {
				assertThat(rows()).as(entry.id())
					.anyMatch((row) -> row.entry() == null && !entry.java().contains(row.java())
							&& entry.coordinates().contains(row.coordinates())
							&& entry.affected().contains(row.version()));
			}
		}
	}

	@Test
	void everyBootPropertyTheAdviceNamesSetsTheVersionOfTheArtifactToMoveToOnBoot31And35() throws IOException {
		for (String boot : List.of("3.1.0", "3.5.16")) {
			String pom = Files.readString(jarFile("org.springframework.boot.spring-boot-dependencies-" + boot + ".pom"));
			for (CatalogueEntry entry : catalogue) {
				if (entry.bootProperty() == null) {
					continue;
				}
				String property = entry.bootProperty();
				assertThat(pom).as(property + " on Boot " + boot).containsPattern("<" + Pattern.quote(property) + ">");
				String[] moveTo = entry.moveTo().split(":");
				Matcher dependency = Pattern.compile("<groupId>" + Pattern.quote(moveTo[0]) + "</groupId>\\s*<artifactId>"
						+ Pattern.quote(moveTo[1]) + "</artifactId>\\s*<version>\\$\\{" + Pattern.quote(property)
						+ "\\}</version>")
					.matcher(pom);
				assertThat(dependency.find()).as(entry.moveTo() + " managed by ${" + property + "} on Boot " + boot)
					.isTrue();
			}
		}
	}

	@Test
	void oneClassPathWithOneAffectedJarOfEachLibraryGetsOneAdviceEachInIdOrder() throws IOException {
		List<String> gavs = List.of("org.apache.activemq:activemq-client-jakarta:5.18.4",
				"org.apache.activemq:artemis-core-client:2.28.0", "org.mariadb.jdbc:mariadb-java-client:2.7.15",
				"org.postgresql:postgresql:42.5.6", "com.mysql:mysql-connector-j:8.0.33", "com.zaxxer:HikariCP:5.0.1");
		List<java.net.URL> urls = new ArrayList<>();
		for (String gav : gavs) {
			urls.add(new Row(gav, 21, NONE, NONE, "").jar().toUri().toURL());
		}
		try (URLClassLoader loader = new URLClassLoader(urls.toArray(java.net.URL[]::new),
				ClassLoader.getPlatformClassLoader())) {
			long start = System.nanoTime();
			List<Advice> findings = new DependencyDoctor(catalogue, loader, 21, (name) -> null).examine();
			long took = System.nanoTime() - start;
			assertThat(findings).extracting(Advice::id)
				.containsExactly("activemq-client", "artemis-core-client", "hikaricp", "mariadb-java-client",
						"mysql-connector-j", "pgjdbc");
			assertThat(new DependencyDoctor(catalogue, loader, 25, (name) -> null).examine()).extracting(Advice::id)
				.containsExactly("hikaricp");
			System.out.printf("dependency doctor, 6 real jars, catalogue of %d entries: %.2f ms (first run)%n",
					catalogue.size(), took / 1e6);
		}
	}

	private static CatalogueEntry entry(String id) {
		return catalogue.stream().filter((entry) -> entry.id().equals(id)).findFirst().orElseThrow();
	}

	static Path jarFile(String name) {
		Path file = JARS.resolve(name);
		assertThat(Files.isRegularFile(file))
			.as(file.toAbsolutePath() + " is missing: run the tests through Maven, whose copy-doctor-jars execution "
					+ "(maven-dependency-plugin, generate-test-resources) puts the published jars there")
			.isTrue();
		return Objects.requireNonNull(file);
	}

}
