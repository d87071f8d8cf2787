package io.github.vtstarter.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Properties;

import io.github.vtstarter.doctor.Catalogue;

/**
 * This module's test class path plus one published jar of the doctor's catalogue (as Maven names it, copied from
 * {@code target/doctor-jars}), for an application that carries that library. Most entries are about Java 21-23; so
 * that the doctor reports the jar on every JDK with virtual threads, the loader also holds a catalogue with a copy
 * of vt-starter's entry, id {@link #everyJava(String)}, without its {@code java} key.
 */
public final class PublishedJarClassLoader {

	private PublishedJarClassLoader() {
	}

	/**
	 * @param shippedId the id of vt-starter's entry
	 * @return the id of its copy that applies on every Java
	 */
	public static String everyJava(String shippedId) {
		return shippedId + "-every-java";
	}

	/**
	 * @param dir an empty directory for the jar and the catalogue
	 * @param doctorJar the jar's file name in {@code target/doctor-jars} ({@code groupId.artifactId-version.jar})
	 * @param jarName the name Maven gives it in an application ({@code artifactId-version.jar})
	 * @param shippedId the id of vt-starter's entry for the library
	 * @return a class loader over this module's test class path, the jar and the catalogue
	 * @throws IOException when a file cannot be read or written
	 */
	public static URLClassLoader create(Path dir, String doctorJar, String jarName, String shippedId)
			throws IOException {
		Path jar = dir.resolve(jarName);
		Files.copy(Path.of("target", "doctor-jars", doctorJar), jar, StandardCopyOption.REPLACE_EXISTING);
		Properties shipped = new Properties();
		try (InputStream in = PublishedJarClassLoader.class.getClassLoader()
			.getResourceAsStream(Catalogue.RESOURCE)) {
			shipped.load(in);
		}
		Properties everyJava = new Properties();
		for (String key : shipped.stringPropertyNames()) {
			if (key.startsWith(shippedId + ".") && !key.equals(shippedId + ".java")) {
				everyJava.setProperty(everyJava(shippedId) + key.substring(shippedId.length()), shipped.getProperty(key));
			}
		}
		if (everyJava.isEmpty()) {
			throw new IllegalArgumentException("vt-starter's catalogue has no entry " + shippedId);
		}
		Path catalogueDir = dir.resolve("catalogue");
		Path catalogue = catalogueDir.resolve(Catalogue.RESOURCE);
		Files.createDirectories(catalogue.getParent());
		try (var out = Files.newOutputStream(catalogue)) {
			everyJava.store(out, "vt-starter's " + shippedId + " entry on every Java, for tests");
		}
		return new URLClassLoader(new URL[] { jar.toUri().toURL(), catalogueDir.toUri().toURL() },
				PublishedJarClassLoader.class.getClassLoader());
	}

}
