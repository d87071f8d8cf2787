package io.github.vtstarter.doctor;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The JDBC drivers an application only carries, told from the one it connects through, with the drivers' published
 * jars and their own DataSource classes: an application built for H2, MySQL and PostgreSQL (Spring PetClinic carries
 * all three, and runs on H2 unless a profile says otherwise) gets no alarm about the drivers it does not use.
 * Shipped entries are about Java 21-23, so the doctor is asked about Java 21 whatever JDK runs the test.
 */
class DependencyDoctorJdbcUseTests {

	private static final List<String> DRIVERS = List.of("com.mysql.mysql-connector-j-8.0.33.jar",
			"org.postgresql.postgresql-42.5.6.jar", "org.mariadb.jdbc.mariadb-java-client-2.7.15.jar");

	private static URLClassLoader drivers;

	private static List<CatalogueEntry> catalogue;

	@BeforeAll
	static void loadTheDrivers() throws IOException {
		URL[] urls = new URL[DRIVERS.size()];
		for (int i = 0; i < urls.length; i++) {
			urls[i] = DependencyDoctorRealJarsTests.jarFile(DRIVERS.get(i)).toUri().toURL();
		}
		drivers = new URLClassLoader(urls, DependencyDoctorJdbcUseTests.class.getClassLoader());
		catalogue = Catalogue.load(drivers);
	}

	@AfterAll
	static void close() throws IOException {
		drivers.close();
	}

	@Test
	void anApplicationOnH2GetsNoAlarmAboutTheDriversItOnlyCarries() throws IOException {
		Map<String, Advice> findings = examine(JdbcUrlsInUse.of(List.of("jdbc:h2:mem:petclinic")));
		// This module's test class path adds HikariCP 5.0.1 and the Artemis client: not drivers, still alarms.
		assertThat(findings).containsKeys("hikaricp", "mariadb-java-client", "mysql-connector-j", "pgjdbc");
		List<String> unused = List.of("mariadb-java-client", "mysql-connector-j", "pgjdbc");
		findings.forEach((id, advice) -> {
			if (unused.contains(id)) {
				assertThat(advice.inUse()).as(id).isFalse();
				assertThat(advice.notInUse())
					.isEqualTo("no DataSource of the application connects through it (they connect with jdbc:h2)");
			}
			else {
				assertThat(advice.inUse()).as(id + " is not a driver").isTrue();
			}
		});
		assertThat(findings.get("mysql-connector-j").message()).startsWith(
				"MySQL Connector/J 8.0.33 (com.mysql.mysql-connector-j-8.0.33.jar) is on the class path, but no DataSource of "
						+ "the application connects through it (they connect with jdbc:h2): nothing to do while none "
						+ "does. This version misbehaves on virtual threads on Java 21-23 (statements,")
			.contains("Move to com.mysql:mysql-connector-j 9.0.0 or later");
	}

	@Test
	void theDriverAnApplicationConnectsThroughStaysAnAlarm() throws IOException {
		Map<String, Advice> onMysql = examine(JdbcUrlsInUse.of(List.of("jdbc:mysql://db:3306/petclinic")));
		assertThat(onMysql.get("mysql-connector-j").inUse()).isTrue();
		assertThat(onMysql.get("mysql-connector-j").message()).startsWith(
				"MySQL Connector/J 8.0.33 (com.mysql.mysql-connector-j-8.0.33.jar) misbehaves on virtual threads on Java 21-23: ");
		assertThat(onMysql.get("mariadb-java-client").inUse()).as("MariaDB's driver takes jdbc:mysql: URLs too")
			.isTrue();
		assertThat(onMysql.get("pgjdbc").inUse()).isFalse();
		Map<String, Advice> throughP6spy = examine(JdbcUrlsInUse.of(List.of("jdbc:p6spy:postgresql://db/petclinic")));
		assertThat(throughP6spy.get("pgjdbc").inUse()).isTrue();
		assertThat(throughP6spy.get("mysql-connector-j").inUse()).isFalse();
		assertThat(examine(JdbcUrlsInUse.unknown()).values()).allMatch(Advice::inUse);
	}

	@Test
	void theUrlIsReadFromTheDriversOwnDataSourcesAndThroughHikari() throws Exception {
		DataSource mysql = dataSource("com.mysql.cj.jdbc.MysqlDataSource", "jdbc:mysql://127.0.0.1:1/app");
		DataSource postgres = dataSource("org.postgresql.ds.PGSimpleDataSource", "jdbc:postgresql://127.0.0.1:1/app");
		try (HikariDataSource hikariOnH2 = new HikariDataSource();
				HikariDataSource hikariOverPostgres = new HikariDataSource();
				HikariDataSource hikariWithoutUrl = new HikariDataSource()) {
			hikariOnH2.setJdbcUrl("jdbc:h2:mem:app");
			hikariOverPostgres.setDataSource(postgres);
			JdbcUrlsInUse urls = DataSourceUrls.of(List.of(hikariOnH2, mysql, hikariOverPostgres));
			assertThat(urls.isKnown()).isTrue();
			assertThat(urls.describe()).isEqualTo("jdbc:h2, jdbc:mysql, jdbc:postgresql");
			assertThat(hikariOnH2.isRunning()).as("nothing connected").isFalse();
			assertThat(DataSourceUrls.of(List.of(hikariOnH2, hikariWithoutUrl)).isKnown())
				.as("one URL that cannot be read makes them unknown")
				.isFalse();
			assertThat(DataSourceUrls.of(List.of()).isKnown()).as("no DataSource: unknown, not none").isFalse();
			assertThat(DataSourceUrls.of(List.of(new Object())).isKnown()).isFalse();
		}
	}

	@Test
	void wrappersAreFollowedFourDeepAndNeverInACircle() {
		List<HikariDataSource> chain = new java.util.ArrayList<>();
		for (int i = 0; i < 6; i++) {
			chain.add(new HikariDataSource());
		}
		try {
			chain.get(4).setJdbcUrl("jdbc:h2:mem:app");
			chain.get(5).setJdbcUrl("jdbc:h2:mem:app");
			for (int i = 0; i < 4; i++) {
				chain.get(i).setDataSource(chain.get(i + 1));
			}
			assertThat(DataSourceUrls.of(List.of(chain.get(0))).describe()).as("four wrappers").isEqualTo("jdbc:h2");
			chain.get(4).setJdbcUrl(null);
			chain.get(4).setDataSource(chain.get(5));
			assertThat(DataSourceUrls.of(List.of(chain.get(0))).isKnown()).as("five wrappers").isFalse();
			chain.get(5).setJdbcUrl(null);
			chain.get(5).setDataSource(chain.get(0));
			assertThat(DataSourceUrls.of(List.of(chain.get(0))).isKnown()).as("wrapping each other").isFalse();
		}
		finally {
			chain.forEach(HikariDataSource::close);
		}
	}

	private static DataSource dataSource(String type, String url) throws Exception {
		Object dataSource = drivers.loadClass(type).getConstructor().newInstance();
		dataSource.getClass().getMethod("setUrl", String.class).invoke(dataSource, url);
		return (DataSource) dataSource;
	}

	private static Map<String, Advice> examine(JdbcUrlsInUse urls) throws IOException {
		return new DependencyDoctor(catalogue, drivers, 21, (name) -> null).examine(urls)
			.stream()
			.collect(Collectors.toMap(Advice::id, Function.identity()));
	}

}
