package io.github.vtstarter.doctor;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * Hand-made jars for the cases no published jar shows (a version that is not one, an application jar that shades a
 * library); the catalogue itself is tested against published jars ({@link DependencyDoctorRealJarsTests}).
 */
final class TestJars {

	private final Map<String, byte[]> entries = new LinkedHashMap<>();

	private Manifest manifest;

	static TestJars jar() {
		return new TestJars();
	}

	TestJars manifest(String... attributes) {
		this.manifest = new Manifest();
		this.manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
		for (int i = 0; i < attributes.length; i += 2) {
			this.manifest.getMainAttributes().putValue(attributes[i], attributes[i + 1]);
		}
		return this;
	}

	TestJars pomProperties(String groupId, String artifactId, String version) {
		return entry("META-INF/maven/" + groupId + "/" + artifactId + "/pom.properties",
				"groupId=" + groupId + "\nartifactId=" + artifactId + "\nversion=" + version + "\n");
	}

	/** A file named like a class; its content is never loaded. */
	TestJars classFile(String className) {
		return entry(className.replace('.', '/') + ".class", "not a class");
	}

	TestJars entry(String name, String content) {
		this.entries.put(name, content.getBytes(StandardCharsets.UTF_8));
		return this;
	}

	Path writeJar(Path file) {
		try (OutputStream out = Files.newOutputStream(file);
				JarOutputStream jar = (this.manifest != null) ? new JarOutputStream(out, this.manifest)
						: new JarOutputStream(out)) {
			for (Map.Entry<String, byte[]> entry : this.entries.entrySet()) {
				jar.putNextEntry(new JarEntry(entry.getKey()));
				jar.write(entry.getValue());
				jar.closeEntry();
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return file;
	}

	Path writeDirectory(Path directory) {
		try {
			if (this.manifest != null) {
				Path file = directory.resolve("META-INF/MANIFEST.MF");
				Files.createDirectories(file.getParent());
				try (OutputStream out = Files.newOutputStream(file)) {
					this.manifest.write(out);
				}
			}
			for (Map.Entry<String, byte[]> entry : this.entries.entrySet()) {
				Path file = directory.resolve(entry.getKey());
				Files.createDirectories(file.getParent());
				Files.write(file, entry.getValue());
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return directory;
	}

	/** A class loader that sees only the given jars or directories (not the test class path). */
	static URLClassLoader loader(Path... paths) {
		URL[] urls = new URL[paths.length];
		for (int i = 0; i < paths.length; i++) {
			try {
				urls[i] = paths[i].toUri().toURL();
			}
			catch (MalformedURLException ex) {
				throw new IllegalStateException(ex);
			}
		}
		return new URLClassLoader(urls, ClassLoader.getPlatformClassLoader());
	}

}
