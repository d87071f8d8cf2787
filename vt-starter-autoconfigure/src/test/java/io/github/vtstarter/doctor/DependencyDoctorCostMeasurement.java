package io.github.vtstarter.doctor;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * What the dependency doctor costs at start-up, on this module's test class path (Spring Boot, Tomcat, Jetty,
 * Undertow, ArchUnit, HikariCP...: {@code java.class.path} entries are printed): the first check in a fresh JVM
 * (what an application pays, on the doctor's own thread, not the main one) and the mean of later ones. Prints
 * figures, asserts nothing about time; disabled unless asked for:
 * <pre>
 * mvn -pl vt-starter-autoconfigure test -Dtest=DependencyDoctorCostMeasurement -Dvt.doctor.measure=true -Dtest.jvm=$J21
 * </pre>
 */
@EnabledIfSystemProperty(named = "vt.doctor.measure", matches = "true")
class DependencyDoctorCostMeasurement {

	@Test
	void measure() throws Exception {
		int jars = System.getProperty("java.class.path").split(java.io.File.pathSeparator).length;
		DependencyDoctor doctor = new DependencyDoctor(getClass().getClassLoader(), (name) -> null);
		long start = System.nanoTime();
		int findings = doctor.examine().size();
		long first = System.nanoTime() - start;
		int runs = 200;
		start = System.nanoTime();
		for (int i = 0; i < runs; i++) {
			doctor.examine();
		}
		long warm = (System.nanoTime() - start) / runs;
		long threadStart = System.nanoTime();
		Thread thread = new Thread(() -> {
		});
		thread.setDaemon(true);
		thread.start();
		long mainThreadCost = System.nanoTime() - threadStart;
		thread.join();
		System.out.printf("class path: %d entries; findings: %d; first check: %.2f ms; later checks: %.3f ms each; "
				+ "main thread (starting the doctor's thread): %.3f ms%n", jars, findings, first / 1e6, warm / 1e6,
				mainThreadCost / 1e6);
	}

}
