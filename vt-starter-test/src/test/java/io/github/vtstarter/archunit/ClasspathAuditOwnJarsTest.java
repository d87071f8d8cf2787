package io.github.vtstarter.archunit;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import io.github.vtstarter.archunit.fixtures.pinning.SynchronizedBlockWithSleep;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link ClasspathAudit} leaves vt-starter's own jars out, known by their Maven descriptor, and
 * says so; every other jar with the same pinning-prone class is audited.
 */
class ClasspathAuditOwnJarsTest {

	@TempDir
	Path dir;

	@Test
	void theStartersOwnJarsAreLeftOutAndNamedAtTheEndOfTheReport() throws IOException {
		Path autoconfigure = jar("vt-starter-autoconfigure-0.1.0.jar",
				descriptor("io.github.vtstarter", "vt-starter-autoconfigure", "0.1.0"));
		Path test = jar("vt-starter-test-0.1.0.jar", descriptor("io.github.vtstarter", "vt-starter-test", "0.1.0"));
		Path legacy = jar("legacy-client-1.2.3.jar", descriptor("com.acme", "legacy-client", "1.2.3"));
		ClasspathAudit audit = ClasspathAudit.of(21, List.of(autoconfigure, legacy, test));
		assertThat(audit.getJars()).extracting(ClasspathAudit.JarReport::name).containsExactly("legacy-client");
		assertThat(audit.getLeftOut()).containsExactly("vt-starter-autoconfigure 0.1.0", "vt-starter-test 0.1.0");
		assertThat(audit.report(0).lines()).containsExactly(
				"Pinning audit for Java 21: 1 of 1 jars hold pinning-prone code (" + audit.getMillis() + " ms)",
				" 1. legacy-client 1.2.3: 1 places, 1 findings in 1 classes {blocking under monitor=1, "
						+ "wait() under monitor=0, blocking in <clinit>=0}",
				"Left out: vt-starter's own jars (vt-starter-autoconfigure 0.1.0, vt-starter-test 0.1.0)");
	}

	@Test
	void aJarIsTheStartersOnlyByItsDescriptorNotByItsName() throws IOException {
		// Named like the starter's jar, but built by someone else (or without a Maven descriptor): audited.
		Path lookalike = jar("vt-starter-autoconfigure-0.1.0.jar", descriptor("com.acme", "vt-starter-autoconfigure", "9"));
		Path undescribed = jar("vt-starter-test-0.1.0.jar", Map.of());
		// Another artifact of the starter's group is not one of its jars.
		Path sample = jar("sample-app-0.1.0.jar", descriptor("io.github.vtstarter", "sample-app", "0.1.0"));
		ClasspathAudit audit = ClasspathAudit.of(21, List.of(lookalike, undescribed, sample));
		assertThat(audit.getJars()).hasSize(3).allSatisfy((jar) -> assertThat(jar.total()).isEqualTo(1));
		assertThat(audit.getLeftOut()).isEmpty();
		assertThat(audit.report(0)).doesNotContain("Left out");
	}

	@Test
	void aJarThatBundlesTheStartersClassesWithOthersIsAudited() throws IOException {
		Map<String, String> entries = new LinkedHashMap<>(descriptor("io.github.vtstarter", "vt-starter-autoconfigure", "0.1.0"));
		entries.putAll(descriptor("com.acme", "shop", "1.0"));
		Path shaded = jar("shop-1.0-all.jar", entries);
		ClasspathAudit audit = ClasspathAudit.of(25, List.of(shaded));
		assertThat(audit.getJars()).extracting(ClasspathAudit.JarReport::name).containsExactly("shop");
		assertThat(audit.getLeftOut()).isEmpty();
	}

	@Test
	void aFileThatIsNoJarIsNotTakenForTheStartersButAuditedAndReported() throws IOException {
		Path broken = Files.writeString(this.dir.resolve("broken-1.0.jar"), "not a zip");
		assertThatThrownBy(() -> ClasspathAudit.of(21, List.of(broken))).isInstanceOf(UncheckedIOException.class);
	}

	private static Map<String, String> descriptor(String group, String artifact, String version) {
		return Map.of("META-INF/maven/" + group + "/" + artifact + "/pom.properties",
				"groupId=" + group + "\nartifactId=" + artifact + "\nversion=" + version + "\n");
	}

	/** A jar holding one class that sleeps under a monitor (pinning-prone on Java 21), and the entries given. */
	private Path jar(String name, Map<String, String> entries) throws IOException {
		Manifest manifest = new Manifest();
		manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
		Path jar = Files.createDirectories(this.dir.resolve(name.replace(".jar", ""))).resolve(name);
		try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, manifest)) {
			String entry = SynchronizedBlockWithSleep.class.getName().replace('.', '/') + ".class";
			out.putNextEntry(new JarEntry(entry));
			try (InputStream in = SynchronizedBlockWithSleep.class.getClassLoader().getResourceAsStream(entry)) {
				in.transferTo(out);
			}
			out.closeEntry();
			for (Map.Entry<String, String> extra : entries.entrySet()) {
				out.putNextEntry(new JarEntry(extra.getKey()));
				out.write(extra.getValue().getBytes(StandardCharsets.ISO_8859_1));
				out.closeEntry();
			}
		}
		return jar;
	}

}
