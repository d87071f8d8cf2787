package io.github.vtstarter.doctor;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Which JDBC driver a URL goes through, in the URL forms the drivers and the common wrapping drivers document.
 */
class JdbcUrlsInUseTests {

	@ParameterizedTest(name = "{0} goes through {1}: {2}")
	@CsvSource(delimiter = '|', textBlock = """
			jdbc:mysql://db:3306/app                           | mysql      | true
			JDBC:MySQL://db/app                                | mysql      | true
			jdbc:mysql+srv://_mysql._tcp.example.com/app       | mysql      | true
			jdbc:mysql:loadbalance://db1,db2/app               | mysql      | true
			jdbc:mysql:replication://source,replica/app        | mysql      | true
			jdbc:p6spy:mysql://db/app                          | mysql      | true
			jdbc:tc:mysql:8.0:///app                           | mysql      | true
			jdbc:aws-wrapper:postgresql://db/app               | postgresql | true
			jdbc:postgresql://db/app?user=mysql                | mysql      | false
			jdbc:postgresql:app                                | postgresql | true
			jdbc:h2:mem:petclinic                              | mysql      | false
			jdbc:h2:mem:test;MODE=MySQL                        | mysql      | false
			jdbc:h2:tcp://localhost/~/mysql                    | mysql      | false
			jdbc:oracle:thin:@//db:1521/mysql                  | mysql      | false
			jdbc:mariadb://db/app                              | mysql      | false
			jdbc:mariadb:aurora://db/app                       | mariadb    | true
			""")
	void aUrlGoesThroughTheDriversItNames(String url, String subprotocol, boolean expected) {
		assertThat(JdbcUrlsInUse.of(List.of(url)).mayConnectThrough(List.of(subprotocol))).isEqualTo(expected);
	}

	@Test
	void anyOfSeveralDataSourcesCounts() {
		JdbcUrlsInUse urls = JdbcUrlsInUse.of(List.of("jdbc:h2:mem:a", "jdbc:postgresql://db/b"));
		assertThat(urls.mayConnectThrough(List.of("postgresql"))).isTrue();
		assertThat(urls.mayConnectThrough(List.of("mariadb", "mysql"))).isFalse();
		assertThat(urls.describe()).isEqualTo("jdbc:h2, jdbc:postgresql");
	}

	@Test
	void aDoubtKeepsEveryDriverInUse() {
		assertThat(JdbcUrlsInUse.unknown().isKnown()).isFalse();
		assertThat(JdbcUrlsInUse.unknown().mayConnectThrough(List.of("mysql"))).isTrue();
		assertThat(JdbcUrlsInUse.of(List.of("mysql://db/app")).mayConnectThrough(List.of("mysql", "postgresql")))
			.as("not a JDBC URL").isTrue();
		assertThat(JdbcUrlsInUse.of(List.of("h2:mem:a")).mayConnectThrough(List.of("mysql"))).isTrue();
		assertThatIllegalArgumentException().isThrownBy(() -> JdbcUrlsInUse.of(List.of()))
			.withMessageContaining("unknown, not none");
	}

	@Test
	void nothingAfterTheHostPartCounts() {
		// The host part may follow jdbc: at once; what comes after it is never a subprotocol.
		assertThat(JdbcUrlsInUse.of(List.of("jdbc:?x:mysql")).mayConnectThrough(List.of("mysql"))).isFalse();
		assertThat(JdbcUrlsInUse.of(List.of("jdbc://db/mysql:x")).mayConnectThrough(List.of("mysql"))).isFalse();
		assertThat(JdbcUrlsInUse.of(List.of("jdbc://db/app")).describe()).isEqualTo("jdbc:");
		assertThat(JdbcUrlsInUse.of(List.of("h2:mem:a")).describe()).isEqualTo("a URL that does not start with jdbc:");
		assertThat(JdbcUrlsInUse.unknown().describe()).isEqualTo("unknown");
	}

	@Test
	void theDescriptionNamesNoHostDatabaseOrCredential() {
		JdbcUrlsInUse urls = JdbcUrlsInUse.of(List.of("jdbc:mysql://admin:secret@db.internal:3306/payroll",
				"jdbc:h2:file:/var/data/payroll;PASSWORD=secret"));
		assertThat(urls.describe()).isEqualTo("jdbc:mysql, jdbc:h2");
	}

}
