package io.github.vtstarter.doctor;

import java.io.File;
import java.net.URL;
import java.time.Duration;
import java.util.Collections;
import java.util.List;

import io.github.vtstarter.autoconfigure.actuate.PinningTestApplication;
import io.github.vtstarter.autoconfigure.doctor.DependencyDoctorReport;
import io.github.vtstarter.pinning.TestJdk;
import io.github.vtstarter.testsupport.RunningApp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the dependency doctor costs, on this module's test class path (Spring Boot, Tomcat, Jetty, Undertow, Kafka,
 * Artemis, RabbitMQ, Redis clients, HikariCP...; the number of entries is printed). Prints figures, asserts nothing
 * about time; disabled unless asked for:
 * <pre>
 * mvn -pl vt-starter-autoconfigure test -Dtest=DependencyDoctorCostMeasurement -Dvt.doctor.measure=true -Dtest.jvm=$J21
 * </pre>
 * <ul>
 * <li>in an application: the check's time on the doctor's own thread in a freshly started web application (what
 * an application pays, first run: class loading included), and what the main thread pays to start that
 * thread;</li>
 * <li>later checks: the mean of 200 more, once every jar is open (a lookup of a resource that is absent walks the
 * whole class path, the dominant cost).</li>
 * </ul>
 */
@EnabledIfSystemProperty(named = "vt.doctor.measure", matches = "true")
@EnabledIf(TestJdk.VIRTUAL_THREADS)
class DependencyDoctorCostMeasurement {

	@Test
	void measure() throws Exception {
		int jars = System.getProperty("java.class.path").split(File.pathSeparator).length;
		Duration took;
		int findings;
		try (RunningApp app = RunningApp.web(PinningTestApplication.class)) {
			DependencyDoctorReport report = app.context().getBean(DependencyDoctorReport.class);
			assertThat(report.await(Duration.ofSeconds(30))).isTrue();
			took = report.getTook();
			findings = report.getFindings().size();
		}
		long threadStart = System.nanoTime();
		Thread thread = new Thread(() -> {
		});
		thread.setDaemon(true);
		thread.start();
		long mainThreadCost = System.nanoTime() - threadStart;
		thread.join();
		ClassLoader loader = getClass().getClassLoader();
		List<URL> manifests = Collections.list(loader.getResources("META-INF/MANIFEST.MF"));
		DependencyDoctor doctor = new DependencyDoctor(loader, (name) -> null);
		int runs = 200;
		long start = System.nanoTime();
		for (int i = 0; i < runs; i++) {
			doctor.examine();
		}
		long later = (System.nanoTime() - start) / runs;
		System.out.printf("Java %d, class path: %d entries (%d manifests); findings: %d; in an application: %.2f ms on "
				+ "the doctor's thread, %.3f ms on the main thread (starting that thread); later checks: %.3f ms "
				+ "each%n", TestJdk.feature(), jars, manifests.size(), findings, took.toNanos() / 1e6,
				mainThreadCost / 1e6, later / 1e6);
	}

}
