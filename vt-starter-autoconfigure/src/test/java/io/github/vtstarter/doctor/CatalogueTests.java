package io.github.vtstarter.doctor;

import java.io.IOException;
import java.io.StringReader;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class CatalogueTests {

	private static final String MINIMAL = """
			acme.coordinates=com.acme:acme-client
			acme.problem=synchronized around the HTTP call pins carriers
			acme.source=https://jira.acme.com/ACME-123
			""";

	@Test
	void aMinimalEntryReportsEveryVersionOnEveryJava() {
		CatalogueEntry entry = single(MINIMAL);
		assertThat(entry.id()).isEqualTo("acme");
		assertThat(entry.name()).isEqualTo("com.acme:acme-client");
		assertThat(entry.coordinates()).containsExactly("com.acme:acme-client");
		assertThat(entry.moveTo()).isEqualTo("com.acme:acme-client");
		assertThat(entry.affected()).isEqualTo(VersionRange.ALL);
		assertThat(entry.fixedIn()).isNull();
		assertThat(entry.java()).isEqualTo(JavaRange.ALL);
		assertThat(entry.markers()).isEmpty();
		assertThat(entry.manifestNames()).isEmpty();
		assertThat(entry.bootProperty()).isNull();
		assertThat(entry.unless()).isNull();
		assertThat(entry.remedy()).isNull();
		assertThat(entry.problem()).isEqualTo("synchronized around the HTTP call pins carriers");
		assertThat(entry.source()).isEqualTo("https://jira.acme.com/ACME-123");
		assertThat(entry.jdbcSubprotocols()).as("not a JDBC driver").isEmpty();
	}

	@Test
	void everyKeyIsRead() {
		CatalogueEntry entry = single("""
				acme.name=Acme client
				acme.coordinates= com.acme:acme-client , com.acme:acme-old ,
				acme.marker=com.acme.Driver, ,com.acme.old.Driver
				acme.manifest-names=com.acme.client
				acme.affected=[2.4.0,3.0.0)
				acme.fixed-in=3.3.0
				acme.move-to=com.acme:acme-next
				acme.boot-property=acme.version
				acme.java=21-23
				acme.unless=acme.virtual=false
				acme.problem=it pins
				acme.remedy=or run on Java 24
				acme.source=https://acme.com
				acme.jdbc-subprotocols=acme, acme-ha
				""");
		assertThat(entry).isEqualTo(new CatalogueEntry("acme", "Acme client",
				List.of("com.acme:acme-client", "com.acme:acme-old"), List.of("com.acme.Driver", "com.acme.old.Driver"),
				List.of("com.acme.client"), VersionRange.parse("[2.4.0,3.0.0)"), "3.3.0", "com.acme:acme-next",
				"acme.version", JavaRange.parse("21-23"), "acme.virtual=false", "it pins", "or run on Java 24",
				"https://acme.com", List.of("acme", "acme-ha")));
	}

	@Test
	void aOneLetterPropertyCanRuleAnEntryOut() {
		assertThat(single(MINIMAL + "acme.unless=a=b\n").unless()).isEqualTo("a=b");
	}

	@Test
	void withAFixTheAffectedVersionsDefaultToThoseBelowIt() {
		CatalogueEntry entry = single(MINIMAL + "acme.fixed-in=2.4.0\n");
		assertThat(entry.affected()).isEqualTo(VersionRange.below("2.4.0"));
	}

	@Test
	void aMalformedEntryIsRefusedNamingTheFileAndTheKey() {
		expectRefused("acme.coordinates=\nacme.problem=p\nacme.source=s\n", "acme.coordinates: no groupId:artifactId");
		expectRefused("acme.coordinates=com.acme\nacme.problem=p\nacme.source=s\n", "acme.coordinates: 'com.acme'");
		expectRefused("acme.coordinates=com.acme:a:1.0\nacme.problem=p\nacme.source=s\n", "acme.coordinates");
		expectRefused("acme.coordinates=:a\nacme.problem=p\nacme.source=s\n", "acme.coordinates");
		expectRefused("acme.coordinates=com.acme:a\nacme.source=s\n", "acme.problem: missing");
		expectRefused("acme.coordinates=com.acme:a\nacme.problem=p\n", "acme.source: missing");
		expectRefused(MINIMAL + "acme.fixed-in=soon\n", "acme.fixed-in: 'soon' is not a version");
		expectRefused(MINIMAL + "acme.affected=<3.0\n", "acme.affected");
		expectRefused(MINIMAL + "acme.java=loom\n", "acme.java");
		expectRefused(MINIMAL + "acme.unless=acme.virtual\n", "acme.unless");
		expectRefused(MINIMAL + "acme.unless==false\n", "acme.unless");
		expectRefused(MINIMAL + "acme.marker=com.acme.Driver\n", "acme.manifest-names");
	}

	@Test
	void aJdbcSubprotocolIsWhatFollowsJdbcColonInLowerCase() {
		expectRefused(MINIMAL + "acme.jdbc-subprotocols=jdbc:acme\n",
				"acme.jdbc-subprotocols: 'jdbc:acme' is not a JDBC subprotocol");
		expectRefused(MINIMAL + "acme.jdbc-subprotocols=Acme\n", "'Acme' is not a JDBC subprotocol");
	}

	@Test
	void theShippedJdbcDriversNameTheirSubprotocols() throws IOException {
		List<CatalogueEntry> entries = Catalogue.load(getClass().getClassLoader());
		assertThat(entries).filteredOn((entry) -> !entry.jdbcSubprotocols().isEmpty())
			.extracting(CatalogueEntry::id, CatalogueEntry::jdbcSubprotocols)
			.containsExactly(tuple("mariadb-java-client", List.of("mariadb", "mysql")),
					tuple("mysql-connector-j", List.of("mysql")),
					tuple("pgjdbc", List.of("postgresql")));
	}

	@Test
	void entriesComeInIdOrderAndKeysOfOtherEntriesAreIgnored() {
		Properties properties = properties(MINIMAL.replace("acme.", "zeta.") + MINIMAL + "stray.problem=p\n");
		assertThat(Catalogue.parse(properties, "test")).extracting(CatalogueEntry::id).containsExactly("acme", "zeta");
	}

	@Test
	void everyCatalogueOnTheClassPathIsReadAndTheFirstDefinitionOfAnIdWins(@TempDir Path temp) throws IOException {
		Path first = temp.resolve("first");
		Path second = temp.resolve("second");
		write(first, MINIMAL + "acme.name=first\n");
		write(second, MINIMAL + "acme.name=second\n" + MINIMAL.replace("acme.", "other."));
		try (URLClassLoader loader = TestJars.loader(first, second)) {
			List<CatalogueEntry> entries = Catalogue.load(loader);
			assertThat(entries).extracting(CatalogueEntry::id).containsExactly("acme", "other");
			assertThat(entries.get(0).name()).isEqualTo("first");
		}
	}

	@Test
	void vtStartersOwnCatalogueIsWellFormedAndEveryEntryHasASource() throws IOException {
		List<CatalogueEntry> entries = Catalogue.load(getClass().getClassLoader());
		assertThat(entries).extracting(CatalogueEntry::id)
			.containsExactly("activemq-client", "artemis-core-client", "hikaricp", "hikaricp-java7",
					"mariadb-java-client", "mysql-connector-j", "pgjdbc");
		assertThat(entries).allSatisfy((entry) -> {
			assertThat(entry.source()).contains("https://");
			assertThat(entry.fixedIn() != null || entry.remedy() != null).as(entry.id() + " says how to move on")
				.isTrue();
		});
	}

	private static void expectRefused(String content, String message) {
		assertThatIllegalArgumentException().isThrownBy(() -> Catalogue.parse(properties(content), "file:/cat"))
			.withMessageStartingWith("vt-starter's dependency catalogue file:/cat: ")
			.withMessageContaining(message);
	}

	private static CatalogueEntry single(String content) {
		List<CatalogueEntry> entries = Catalogue.parse(properties(content), "test");
		assertThat(entries).hasSize(1);
		return entries.get(0);
	}

	private static Properties properties(String content) {
		Properties properties = new Properties();
		try {
			properties.load(new StringReader(content));
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
		return properties;
	}

	private static void write(Path root, String content) throws IOException {
		Path file = root.resolve(Catalogue.RESOURCE);
		Files.createDirectories(file.getParent());
		Files.writeString(file, content);
	}

}
