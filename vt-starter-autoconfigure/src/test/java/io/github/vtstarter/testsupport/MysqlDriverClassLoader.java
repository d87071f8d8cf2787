package io.github.vtstarter.testsupport;

import java.io.IOException;
import java.net.URLClassLoader;
import java.nio.file.Path;

/**
 * This module's test class path plus the published MySQL Connector/J 8.0.33 jar, for an application that carries
 * the driver, with vt-starter's entry for it on every Java ({@link PublishedJarClassLoader}).
 */
public final class MysqlDriverClassLoader {

	/** The id of the copy of vt-starter's MySQL Connector/J entry that applies on every Java. */
	public static final String EVERY_JAVA = PublishedJarClassLoader.everyJava("mysql-connector-j");

	private MysqlDriverClassLoader() {
	}

	/**
	 * @param dir an empty directory for the jar and the catalogue
	 * @return a class loader over this module's test class path, the driver and the catalogue
	 * @throws IOException when a file cannot be read or written
	 */
	public static URLClassLoader create(Path dir) throws IOException {
		return PublishedJarClassLoader.create(dir, "com.mysql.mysql-connector-j-8.0.33.jar",
				"mysql-connector-j-8.0.33.jar", "mysql-connector-j");
	}

}
