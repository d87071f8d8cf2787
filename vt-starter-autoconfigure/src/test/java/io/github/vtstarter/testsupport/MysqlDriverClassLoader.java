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
 * This module's test class path plus the published MySQL Connector/J 8.0.33 jar (as Maven names it, copied from
 * {@code target/doctor-jars}), for an application that carries the driver. vt-starter's entry for it is about Java
 * 21-23; so that the doctor reports the jar on every JDK with virtual threads, the loader also holds a catalogue
 * with a copy of that entry, id {@value #EVERY_JAVA}, without its {@code java} key.
 */
public final class MysqlDriverClassLoader {

	/** The id of the copy of vt-starter's MySQL Connector/J entry that applies on every Java. */
	public static final String EVERY_JAVA = "mysql-connector-j-every-java";

	private static final String SHIPPED = "mysql-connector-j";

	private MysqlDriverClassLoader() {
	}

	/**
	 * @param dir an empty directory for the jar and the catalogue
	 * @return a class loader over this module's test class path, the driver and the catalogue
	 * @throws IOException when a file cannot be read or written
	 */
	public static URLClassLoader create(Path dir) throws IOException {
		Path jar = dir.resolve("mysql-connector-j-8.0.33.jar");
		Files.copy(Path.of("target", "doctor-jars", "com.mysql.mysql-connector-j-8.0.33.jar"), jar,
				StandardCopyOption.REPLACE_EXISTING);
		Properties shipped = new Properties();
		try (InputStream in = MysqlDriverClassLoader.class.getClassLoader().getResourceAsStream(Catalogue.RESOURCE)) {
			shipped.load(in);
		}
		Properties everyJava = new Properties();
		for (String key : shipped.stringPropertyNames()) {
			if (key.startsWith(SHIPPED + ".") && !key.equals(SHIPPED + ".java")) {
				everyJava.setProperty(EVERY_JAVA + key.substring(SHIPPED.length()), shipped.getProperty(key));
			}
		}
		Path catalogueDir = dir.resolve("catalogue");
		Path catalogue = catalogueDir.resolve(Catalogue.RESOURCE);
		Files.createDirectories(catalogue.getParent());
		try (var out = Files.newOutputStream(catalogue)) {
			everyJava.store(out, "vt-starter's " + SHIPPED + " entry on every Java, for tests");
		}
		return new URLClassLoader(new URL[] { jar.toUri().toURL(), catalogueDir.toUri().toURL() },
				MysqlDriverClassLoader.class.getClassLoader());
	}

}
