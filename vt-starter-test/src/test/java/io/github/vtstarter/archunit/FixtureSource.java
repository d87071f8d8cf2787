package io.github.vtstarter.archunit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;

/**
 * Test support: imports fixtures and finds lines in their sources, so that assertions name exact
 * {@code (File.java:line)} locations without hard-coding numbers that editing a fixture would
 * silently break.
 */
public final class FixtureSource {

	private static final Path TEST_SOURCES = Path.of("src/test/java");

	private FixtureSource() {
	}

	public static JavaClasses importClasses(Class<?>... classes) {
		return new ClassFileImporter().importClasses(classes);
	}

	public static JavaClasses importPackage(String packageName) {
		return new ClassFileImporter().importPackages(packageName);
	}

	public static List<String> violations(ArchRule rule, JavaClasses classes) {
		return rule.evaluate(classes).getFailureReport().getDetails();
	}

	/**
	 * The location of the only line of a fixture's source that contains the marker.
	 * @param fixture the fixture class
	 * @param marker text on exactly one line, typically a trailing comment
	 * @return the location, e.g. {@code (Foo.java:12)}
	 */
	public static String location(Class<?> fixture, String marker) {
		return "(" + fixture.getSimpleName() + ".java:" + line(fixture, marker) + ")";
	}

	public static int line(Class<?> fixture, String marker) {
		Path source = TEST_SOURCES.resolve(fixture.getName().replace('.', '/') + ".java");
		try {
			List<String> lines = Files.readAllLines(source);
			int found = -1;
			for (int i = 0; i < lines.size(); i++) {
				if (lines.get(i).contains(marker)) {
					if (found >= 0) {
						throw new IllegalArgumentException("Marker '" + marker + "' is not unique in " + source);
					}
					found = i + 1;
				}
			}
			if (found < 0) {
				throw new IllegalArgumentException("Marker '" + marker + "' not found in " + source);
			}
			return found;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
