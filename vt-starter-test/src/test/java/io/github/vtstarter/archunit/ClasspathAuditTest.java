package io.github.vtstarter.archunit;

import java.io.IOException;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import io.github.vtstarter.archunit.fixtures.audit.Alpha;
import io.github.vtstarter.archunit.fixtures.audit.Beta;
import io.github.vtstarter.archunit.fixtures.audit.Gamma;
import io.github.vtstarter.archunit.fixtures.clinit.SleepInStaticBlock;
import io.github.vtstarter.archunit.fixtures.clean.SynchronizedWithoutBlocking;
import io.github.vtstarter.archunit.fixtures.pinning.SynchronizedBlockWithSleep;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link ClasspathAudit}: jars of a class path ranked by pinning-prone code, for a Java version.
 */
class ClasspathAuditTest {

	private static final String AUDIT = "io.github.vtstarter.archunit.fixtures.audit.";

	@TempDir
	Path dir;

	@Test
	void jarsAreRankedByPlacesThatPinAndJudgedForTheJavaVersion() throws IOException {
		Path legacy = jar("legacy-client-1.2.3.jar", null, SynchronizedBlockWithSleep.class, SleepInStaticBlock.class,
				SleepInStaticBlock.Warmup.class);
		Path clean = jar("clean.jar", "4.5", SynchronizedWithoutBlocking.class);
		ClasspathAudit java21 = ClasspathAudit.of(21, List.of(clean, legacy, this.dir.resolve("classes")));
		assertThat(java21.getJars()).extracting(ClasspathAudit.JarReport::name)
			.containsExactly("legacy-client", "clean");
		ClasspathAudit.JarReport worst = java21.getJars().get(0);
		assertThat(worst.version()).isEqualTo("1.2.3");
		assertThat(worst.counts()).containsEntry("blocking under monitor", 1).containsEntry("blocking in <clinit>", 2);
		assertThat(worst.places()).isEqualTo(2);
		assertThat(java21.getJars().get(1).version()).isEqualTo("4.5");
		assertThat(java21.getJars().get(1).total()).isZero();
		assertThat(java21.report(1)).startsWith("Pinning audit for Java 21: 1 of 2 jars hold pinning-prone code")
			.contains(" 1. legacy-client 1.2.3: 2 places");
		// Java 25: the monitor no longer pins, the class initializer still does.
		ClasspathAudit java25 = ClasspathAudit.of(25, List.of(legacy));
		assertThat(java25.getJars().get(0).counts()).containsOnlyKeys("blocking in <clinit>");
		assertThat(java25.getJars().get(0).total()).isEqualTo(2);
	}

	@Test
	void findingsOfAJarAreOrderedShortestChainFirst() throws IOException {
		Path chains = jar("chains-2.0.jar", null, Alpha.class, Beta.class, Gamma.class);
		List<String> findings = ClasspathAudit.of(21, List.of(chains)).getJars().get(0).findings();
		assertThat(findings).hasSize(3);
		assertThat(findings.get(0)).startsWith("Method <" + AUDIT + "Gamma.c2()>").doesNotContain(" through ");
		assertThat(findings.get(1)).startsWith("Method <" + AUDIT + "Beta.b2()>")
			.contains(" through <" + AUDIT + "Gamma.c()>");
		assertThat(findings.get(2)).startsWith("Method <" + AUDIT + "Alpha.a()>")
			.contains(" through <" + AUDIT + "Beta.b()>");
	}

	@Test
	void theReportRanksJarsWithFindingsAndShowsTheirWorstFindingsWithoutTheAdvice() throws IOException {
		Path legacy = jar("legacy-client-1.2.3.jar", null, SynchronizedBlockWithSleep.class, SleepInStaticBlock.class,
				SleepInStaticBlock.Warmup.class);
		Path chains = jar("chains-2.0.jar", null, Alpha.class, Beta.class, Gamma.class);
		Path clean = jar("clean.jar", "4.5", SynchronizedWithoutBlocking.class);
		long start = System.nanoTime();
		ClasspathAudit audit = ClasspathAudit.of(21, List.of(legacy, clean, chains));
		long elapsedMillis = (System.nanoTime() - start) / 1_000_000;
		assertThat(audit.getJavaVersion()).isEqualTo(21);
		assertThat(audit.getMillis()).isBetween(0L, elapsedMillis);
		List<String> findings = audit.getJars().get(0).findings();
		String report = audit.report(2);
		assertThat(report.lines()).containsExactly(
				"Pinning audit for Java 21: 2 of 3 jars hold pinning-prone code (" + audit.getMillis() + " ms)",
				" 1. chains 2.0: 3 places, 3 findings in 3 classes {blocking under monitor=3, wait() under monitor=0, "
						+ "blocking in <clinit>=0}",
				"      " + withoutAdvice(findings.get(0)), "      " + withoutAdvice(findings.get(1)),
				" 2. legacy-client 1.2.3: 2 places, 3 findings in 3 classes {blocking under monitor=1, "
						+ "wait() under monitor=0, blocking in <clinit>=2}",
				"      " + withoutAdvice(audit.getJars().get(1).findings().get(0)),
				"      " + withoutAdvice(audit.getJars().get(1).findings().get(1)));
		assertThat(audit.report(10).lines()).hasSize(1 + 1 + 3 + 1 + 3);
		assertThat(audit).hasToString(audit.report(3));
	}

	@Test
	void mainPrintsTheReportForTheJavaAndTheNumberOfFindingsGiven() throws IOException {
		Path legacy = jar("legacy-client-1.2.3.jar", null, SynchronizedBlockWithSleep.class, SleepInStaticBlock.class,
				SleepInStaticBlock.Warmup.class);
		Path clean = jar("clean.jar", "4.5", SynchronizedWithoutBlocking.class);
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		PrintStream original = System.out;
		System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
		try {
			ClasspathAudit.main(new String[] { "--java", "25", "--worst", "1",
					legacy + File.pathSeparator + " " + File.pathSeparator + clean });
		}
		finally {
			System.setOut(original);
		}
		assertThat(out.toString(StandardCharsets.UTF_8).lines()).hasSize(3)
			.satisfies((lines) -> assertThat(lines.get(0)).startsWith("Pinning audit for Java 25: 1 of 2 jars"))
			.satisfies((lines) -> assertThat(lines.get(1))
				.isEqualTo(" 1. legacy-client 1.2.3: 1 places, 2 findings in 3 classes {blocking in <clinit>=2}"))
			.satisfies((lines) -> assertThat(lines.get(2)).startsWith("      Static Initializer <"));
	}

	private static String withoutAdvice(String finding) {
		assertThat(finding).contains("; applies to ");
		return finding.substring(0, finding.indexOf("; applies to "));
	}

	private Path jar(String name, String version, Class<?>... classes) throws IOException {
		Manifest manifest = new Manifest();
		manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
		if (version != null) {
			manifest.getMainAttributes().put(Attributes.Name.IMPLEMENTATION_VERSION, version);
		}
		Path jar = this.dir.resolve(name);
		try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, manifest)) {
			for (Class<?> type : classes) {
				String entry = type.getName().replace('.', '/') + ".class";
				out.putNextEntry(new JarEntry(entry));
				try (InputStream in = type.getClassLoader().getResourceAsStream(entry)) {
					in.transferTo(out);
				}
				out.closeEntry();
			}
		}
		return jar;
	}

}
