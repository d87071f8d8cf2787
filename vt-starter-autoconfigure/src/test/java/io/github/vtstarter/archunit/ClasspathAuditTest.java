package io.github.vtstarter.archunit;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

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
