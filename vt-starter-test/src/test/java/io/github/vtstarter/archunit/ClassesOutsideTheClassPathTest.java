package io.github.vtstarter.archunit;

import java.io.IOException;
import java.nio.file.Path;
import java.util.jar.JarFile;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Classes imported from a directory or a jar that is not on the class path are read from where
 * ArchUnit imported them.
 */
class ClassesOutsideTheClassPathTest {

	private static final String VIOLATION = "Method <com.acme.generated.Sleeper.pause()> holds the monitor of the "
			+ "synchronized method at (Sleeper.java:7) and calls blocking method <java.lang.Thread.sleep(long)> in "
			+ "(Sleeper.java:7); applies to Java 21 to 23";

	@TempDir
	Path dir;

	@Test
	void aClassImportedFromADirectoryIsAnalysed() throws IOException {
		GeneratedClassFiles.inDirectory(this.dir);
		assertViolation(new ClassFileImporter().importPath(this.dir));
	}

	@Test
	void aClassImportedFromAJarIsAnalysed() throws IOException {
		Path jar = GeneratedClassFiles.inJar(this.dir.resolve("generated.jar"));
		try (JarFile file = new JarFile(jar.toFile())) {
			assertViolation(new ClassFileImporter().importJar(file));
		}
	}

	private static void assertViolation(JavaClasses classes) {
		assertThat(classes.contain("com.acme.generated.Sleeper")).isTrue();
		assertThat(FixtureSource.violations(VirtualThreadRules.forJava(21).noBlockingCallsWhileSynchronized(), classes))
			.singleElement()
			.asString()
			.startsWith(VIOLATION);
	}

}
