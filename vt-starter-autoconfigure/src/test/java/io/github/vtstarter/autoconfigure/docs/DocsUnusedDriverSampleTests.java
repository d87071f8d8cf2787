package io.github.vtstarter.autoconfigure.docs;

import java.net.URLClassLoader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import com.zaxxer.hikari.HikariDataSource;
import io.github.vtstarter.autoconfigure.doctor.DependencyDoctorAutoConfiguration;
import io.github.vtstarter.autoconfigure.doctor.DependencyDoctorReport;
import io.github.vtstarter.pinning.TestJdk;
import io.github.vtstarter.testsupport.MysqlDriverClassLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.DefaultResourceLoader;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The docs' INFO line for a JDBC driver no DataSource uses ({@code <!-- sample: doctor-info-unused -->}) against the
 * doctor's in a Boot application that carries the published MySQL Connector/J 8.0.33 and connects with H2. The
 * sample is vt-starter's entry, about Java 21-23; on Java 24 and later it is compared with the copy of that entry for
 * every Java ({@link MysqlDriverClassLoader}), whose line differs only by " on Java 21-23".
 */
@ExtendWith(OutputCaptureExtension.class)
@EnabledIf(TestJdk.VIRTUAL_THREADS)
class DocsUnusedDriverSampleTests {

	@Test
	void theDoctorsInfoForAnUnusedDriverIsTheDoctors(@TempDir Path dir, CapturedOutput output) throws Exception {
		try (URLClassLoader classLoader = MysqlDriverClassLoader.create(dir);
				ConfigurableApplicationContext context = new SpringApplicationBuilder(OnH2.class)
					.web(WebApplicationType.NONE)
					.resourceLoader(new DefaultResourceLoader(classLoader))
					.run("--spring.main.banner-mode=off", "--spring.jmx.enabled=false")) {
			DependencyDoctorReport report = context.getBean(DependencyDoctorReport.class);
			assertThat(report.await(Duration.ofSeconds(30))).isTrue();
			String sample = DocFiles.sample("docs/observability.md", "doctor-info-unused");
			Map<String, String> substitutions = TestJdk.synchronizedPins() ? Map.of()
					: Map.of(" on Java 21-23 (", " (");
			assertThat(LogSamples.unmatched(sample, output.getOut(), substitutions)).isEmpty();
		}
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration(DependencyDoctorAutoConfiguration.class)
	static class OnH2 {

		@Bean
		HikariDataSource dataSource() {
			HikariDataSource dataSource = new HikariDataSource();
			dataSource.setJdbcUrl("jdbc:h2:mem:petclinic");
			return dataSource;
		}

	}

}
