package io.github.vtstarter.autoconfigure.doctor;

import java.io.IOException;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import com.zaxxer.hikari.HikariDataSource;
import io.github.vtstarter.doctor.Advice;
import io.github.vtstarter.pinning.TestJdk;
import io.github.vtstarter.testsupport.MysqlDriverClassLoader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An application that carries MySQL Connector/J 8.0.33 (the published jar) and connects with H2, as Spring
 * PetClinic does on its default profile: the doctor reads the URLs of the DataSources the context created and logs
 * the driver's finding at INFO, not WARN; connected to MySQL, or with a DataSource it cannot read, the finding stays a
 * WARN. Checked with vt-starter's entry (Java 21-23) and its copy for every Java ({@link MysqlDriverClassLoader}).
 */
@ExtendWith(OutputCaptureExtension.class)
@EnabledIf(TestJdk.VIRTUAL_THREADS)
class DependencyDoctorDataSourceTests {

	private static final String UNUSED = "is on the class path, but no DataSource of the application connects "
			+ "through it (they connect with jdbc:h2): nothing to do while none does";

	private static final String DRIVER = "MySQL Connector/J 8.0.33 (mysql-connector-j-8.0.33.jar)";

	private URLClassLoader classLoader;

	@BeforeEach
	void carryTheMysqlDriver(@TempDir Path dir) throws IOException {
		this.classLoader = MysqlDriverClassLoader.create(dir);
	}

	@AfterEach
	void close() throws IOException {
		this.classLoader.close();
	}

	@Test
	void aDriverNoDataSourceConnectsThroughIsLoggedAtInfo(CapturedOutput output) {
		runner().withBean("dataSource", HikariDataSource.class, () -> hikari("jdbc:h2:mem:petclinic"))
			.run((context) -> {
				assertThat(findings(context, MysqlDriverClassLoader.EVERY_JAVA, "mysql-connector-j"))
					.isNotEmpty()
					.noneMatch(Advice::inUse);
				assertThat(context.getBean(HikariDataSource.class).isRunning()).as("the doctor connected nothing")
					.isFalse();
				assertThat(driverLines(output)).isNotEmpty()
					.allSatisfy((line) -> assertThat(line).contains(UNUSED).contains("INFO").doesNotContain("WARN"));
				assertThat(findings(context, "hikaricp")).as("the pool is in use").singleElement()
					.matches(Advice::inUse);
			});
	}

	@Test
	void theDriverTheDataSourceConnectsThroughStaysAWarning(CapturedOutput output) {
		runner().withBean("dataSource", HikariDataSource.class, () -> hikari("jdbc:mysql://127.0.0.1:1/petclinic"))
			.run((context) -> {
				assertThat(findings(context, MysqlDriverClassLoader.EVERY_JAVA, "mysql-connector-j")).isNotEmpty()
					.allMatch(Advice::inUse);
				assertThat(driverLines(output)).isNotEmpty().allSatisfy((line) -> assertThat(line).contains("WARN")
					.contains(DRIVER + " misbehaves on virtual threads"));
			});
	}

	@Test
	void aDataSourceNotCreatedYetKeepsTheWarning(CapturedOutput output) {
		// Lazy: reading it would create it from the doctor's thread, so its URL is not known.
		runner().withBean("dataSource", HikariDataSource.class, () -> hikari("jdbc:h2:mem:petclinic"),
				(definition) -> definition.setLazyInit(true))
			.run((context) -> {
				assertThat(findings(context, MysqlDriverClassLoader.EVERY_JAVA, "mysql-connector-j")).isNotEmpty()
					.allMatch(Advice::inUse);
				assertThat(context.getBeanFactory().containsSingleton("dataSource")).as("still not created").isFalse();
				assertThat(driverLines(output)).isNotEmpty().allSatisfy((line) -> assertThat(line).contains("WARN"));
			});
	}

	private ApplicationContextRunner runner() {
		return new ApplicationContextRunner().withClassLoader(this.classLoader)
			.withConfiguration(AutoConfigurations.of(DependencyDoctorAutoConfiguration.class));
	}

	private static HikariDataSource hikari(String url) {
		HikariDataSource dataSource = new HikariDataSource();
		dataSource.setJdbcUrl(url);
		return dataSource;
	}

	private static List<Advice> findings(AssertableApplicationContext context, String... ids)
			throws InterruptedException {
		DependencyDoctorReport report = context.getBean(DependencyDoctorReport.class);
		assertThat(report.await(Duration.ofSeconds(30))).isTrue();
		assertThat(report.getFailure()).isNull();
		List<String> wanted = List.of(ids);
		return report.getFindings().stream().filter((advice) -> wanted.contains(advice.id())).toList();
	}

	private static List<String> driverLines(CapturedOutput output) {
		return Arrays.stream(output.getOut().split("\n")).filter((line) -> line.contains(DRIVER)).toList();
	}

}
