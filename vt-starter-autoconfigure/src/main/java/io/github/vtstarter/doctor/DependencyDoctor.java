package io.github.vtstarter.doctor;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Checks the class path against a catalogue of library versions known to misbehave on virtual threads.
 * <p>
 * The catalogue is every {@value #CATALOGUE} on the class path (vt-starter's own, and any an application or a
 * library adds), so that it stays data with a source per entry. A library's version is read from the
 * {@code META-INF/maven/<groupId>/<artifactId>/pom.properties} that Maven puts in every jar it builds: one
 * resource lookup per coordinate, no class is loaded, no jar is opened beyond what the class loader has. A library
 * whose jar has no such file is not reported (rather than guessed).
 */
public final class DependencyDoctor {

	/** The catalogue's resource name. */
	public static final String CATALOGUE = "META-INF/vtstarter/dependency-advice.properties";

	private final ClassLoader classLoader;

	public DependencyDoctor(ClassLoader classLoader) {
		this.classLoader = classLoader;
	}

	/**
	 * Reads the catalogue and the class path.
	 * @return the findings, in catalogue order
	 * @throws IOException when a catalogue cannot be read
	 */
	public List<Advice> examine() throws IOException {
		List<Advice> findings = new ArrayList<>();
		for (CatalogueEntry entry : catalogue()) {
			for (String coordinates : entry.coordinates()) {
				String version = version(coordinates);
				if (version != null && Versions.older(version, entry.fixedIn())) {
					findings.add(new Advice(entry.id(), coordinates, version, entry.fixedIn(), entry.problem(),
							entry.source()));
				}
			}
		}
		return findings;
	}

	/**
	 * Every entry of every catalogue on the class path; the first definition of an id wins.
	 * @return the entries
	 * @throws IOException when a catalogue cannot be read
	 */
	public List<CatalogueEntry> catalogue() throws IOException {
		Map<String, CatalogueEntry> entries = new LinkedHashMap<>();
		Enumeration<URL> files = this.classLoader.getResources(CATALOGUE);
		while (files.hasMoreElements()) {
			URL file = files.nextElement();
			Properties properties = new Properties();
			try (InputStream in = file.openStream()) {
				properties.load(in);
			}
			for (String key : properties.stringPropertyNames()) {
				if (!key.endsWith(".coordinates")) {
					continue;
				}
				String id = key.substring(0, key.length() - ".coordinates".length());
				String fixedIn = properties.getProperty(id + ".fixed-in");
				if (fixedIn == null || entries.containsKey(id)) {
					continue;
				}
				List<String> coordinates = Arrays.stream(properties.getProperty(key).split(","))
					.map(String::trim)
					.filter((text) -> text.contains(":"))
					.toList();
				entries.put(id, new CatalogueEntry(id, coordinates, fixedIn.trim(),
						properties.getProperty(id + ".problem", "(no description)").trim(),
						properties.getProperty(id + ".source", file.toString()).trim()));
			}
		}
		return new ArrayList<>(entries.values());
	}

	private String version(String coordinates) throws IOException {
		String[] parts = coordinates.split(":");
		URL pom = this.classLoader.getResource("META-INF/maven/" + parts[0] + "/" + parts[1] + "/pom.properties");
		if (pom == null) {
			return null;
		}
		Properties properties = new Properties();
		try (InputStream in = pom.openStream()) {
			properties.load(in);
		}
		String version = properties.getProperty("version");
		return (version != null) ? version.trim() : null;
	}

}
