package io.github.vtstarter.autoconfigure.docs;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.vtstarter.autoconfigure.BootVersion;
import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import org.junit.jupiter.api.Test;

import org.springframework.beans.BeanWrapperImpl;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.convert.ApplicationConversionService;
import org.springframework.core.convert.ConversionService;
import org.springframework.util.StreamUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The property tables of docs/configuration.md and docs/observability.md against the configuration metadata the
 * build generates (the starter's, merged with its additional metadata, and Boot's for Boot's own properties) and
 * the properties classes themselves: every property of the starter is documented, every documented property exists,
 * and a documented default is the metadata's and the code's. The auto-configurations that "Switching off one
 * piece" lists are the ones the starter registers.
 */
class DocsConfigurationTablesTests {

	private static final String CONFIGURATION = "docs/configuration.md";

	private static final String OBSERVABILITY = "docs/observability.md";

	private static final ConversionService CONVERSION = ApplicationConversionService.getSharedInstance();

	@Test
	void everyPropertyOfTheStarterIsInTheConfigurationReference() throws Exception {
		List<Row> documented = configurationRows();
		List<String> undocumented = new ArrayList<>();
		for (String name : starterMetadata().keySet()) {
			if (documented.stream().noneMatch((row) -> row.covers(name))) {
				undocumented.add(name);
			}
		}
		assertThat(undocumented).as("properties in the starter's metadata that docs/configuration.md does not list")
			.isEmpty();
	}

	@Test
	void everyPropertyOfTheStartersOwnOnObservabilityIsInItsTable() throws Exception {
		List<Row> documented = observabilityRows();
		List<String> undocumented = new ArrayList<>();
		for (Map.Entry<String, Map<String, Object>> property : starterMetadata().entrySet()) {
			String name = property.getKey();
			boolean observability = name.startsWith("vtstarter.") && !name.startsWith("vtstarter.jms.")
					&& !name.startsWith("vtstarter.rabbit.")
					&& !property.getValue().containsKey("deprecation");
			if (observability && documented.stream().noneMatch((row) -> row.covers(name))) {
				undocumented.add(name);
			}
		}
		assertThat(undocumented)
			.as("vt-starter's own properties (but JMS and RabbitMQ, in messaging.md) missing from the Properties table of "
					+ "docs/observability.md")
			.isEmpty();
	}

	@Test
	void everyDocumentedPropertyExists() throws Exception {
		Map<String, Map<String, Object>> all = allMetadata();
		List<String> unknown = new ArrayList<>();
		List<Row> rows = new ArrayList<>(configurationRows());
		rows.addAll(observabilityRows());
		for (Row row : rows) {
			if (row.wildcard()) {
				if (all.keySet().stream().noneMatch(row::covers)) {
					unknown.add(row.doc() + ": " + row.name());
				}
				continue;
			}
			if (!all.containsKey(row.name()) && !goneFromNewerMetadata(row.name())) {
				unknown.add(row.doc() + ": " + row.name());
			}
		}
		assertThat(unknown).as("documented properties that no configuration metadata on the class path knows")
			.isEmpty();
	}

	@Test
	void documentedDefaultsAreTheMetadatasAndTheCodes() throws Exception {
		Map<String, Map<String, Object>> all = allMetadata();
		List<String> wrong = new ArrayList<>();
		List<Row> rows = new ArrayList<>(configurationRows());
		rows.addAll(observabilityRows());
		for (Row row : rows) {
			Map<String, Object> metadata = all.get(row.name());
			if (row.wildcard() || metadata == null) {
				continue;
			}
			Class<?> type = type(metadata);
			Object documented = row.defaultValue();
			Object metadataDefault = metadata.get("defaultValue");
			Object code = codeDefault(row.name(), metadata);
			if (documented == null) {
				if (metadataDefault != null) {
					wrong.add(row + ": the docs give no default, the metadata " + metadataDefault);
				}
				continue;
			}
			if (metadataDefault == null) {
				wrong.add(row + ": the docs give " + documented + ", the metadata (what IDEs show) none");
			}
			else if (!Objects.equals(convert(documented, type), convert(metadataDefault, type))) {
				wrong.add(row + ": the docs give " + documented + ", the metadata " + metadataDefault);
			}
			if (code != NO_CODE && !Objects.equals(convert(documented, type), code)) {
				wrong.add(row + ": the docs give " + documented + ", the code " + code);
			}
		}
		assertThat(wrong).isEmpty();
	}

	@Test
	void theMetadatasDefaultsAreTheCodes() throws Exception {
		List<String> wrong = new ArrayList<>();
		for (Map.Entry<String, Map<String, Object>> property : starterMetadata().entrySet()) {
			Object code = codeDefault(property.getKey(), property.getValue());
			if (code == NO_CODE) {
				continue;
			}
			Object metadata = convert(property.getValue().get("defaultValue"), type(property.getValue()));
			if (!Objects.equals(metadata, code)) {
				wrong.add(property.getKey() + ": metadata " + metadata + ", code " + code);
			}
		}
		assertThat(wrong).as("defaults in the starter's metadata that are not those of its properties classes")
			.isEmpty();
	}

	@Test
	void bothTablesGiveTheSameDefaults() {
		Map<String, Object> configuration = new LinkedHashMap<>();
		for (Row row : configurationRows()) {
			configuration.put(row.name(), row.defaultValue());
		}
		List<String> different = new ArrayList<>();
		for (Row row : observabilityRows()) {
			if (configuration.containsKey(row.name())
					&& !Objects.equals(configuration.get(row.name()), row.defaultValue())) {
				different.add(row.name() + ": configuration.md " + configuration.get(row.name())
						+ ", observability.md " + row.defaultValue());
			}
		}
		assertThat(different).isEmpty();
	}

	@Test
	void theAutoConfigurationsThatCanBeExcludedAreTheStartersOwn() throws Exception {
		Set<String> registered = new LinkedHashSet<>();
		try (InputStream in = VirtualThreadsAutoConfiguration.class.getClassLoader()
			.getResourceAsStream("META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports")) {
			for (String line : StreamUtils.copyToString(in, StandardCharsets.UTF_8).split("\\R")) {
				if (!line.isBlank() && !line.startsWith("#")) {
					registered.add(line.trim());
				}
			}
		}
		Set<String> documented = new LinkedHashSet<>();
		for (List<String> row : DocFiles.table(CONFIGURATION, "Switching off one piece", "Auto-configuration",
				"What it configures")) {
			documented.addAll(DocFiles.codeSpans(row.get(0)));
		}
		Set<String> expected = new LinkedHashSet<>(registered);
		// Not excludable: the registry the others need, which the text under the table explains.
		expected.remove(VirtualThreadsAutoConfiguration.class.getName());
		assertThat(documented).as("the table of docs/configuration.md against AutoConfiguration.imports")
			.containsExactlyInAnyOrderElementsOf(expected);
		assertThat(DocFiles.text(CONFIGURATION)).contains("`" + VirtualThreadsAutoConfiguration.class.getName() + "`");
		String example = DocFiles.blocks(CONFIGURATION)
			.stream()
			.filter((block) -> block.text().startsWith("spring.autoconfigure.exclude="))
			.findFirst()
			.orElseThrow()
			.text();
		assertThat(registered).contains(example.substring("spring.autoconfigure.exclude=".length()).trim());
	}

	// The property that a newer Boot's configuration processor no longer writes (the row says until when). The
	// metadata of management.endpoint.virtualthreads.access is written by hand: the published jar is built with Boot
	// 3.1's processor, and the docs give that property for Boot 3.4+.
	private static boolean goneFromNewerMetadata(String name) {
		if (name.equals("management.endpoint.virtualthreads.enabled")) {
			return BootVersion.current().isAtLeast("3.4");
		}
		return false;
	}

	private static final Object NO_CODE = new Object();

	// The default a @ConfigurationProperties class gives the property, or NO_CODE when none is known.
	private static Object codeDefault(String name, Map<String, Object> metadata) throws Exception {
		Object sourceType = metadata.get("sourceType");
		if (sourceType == null) {
			return NO_CODE;
		}
		Class<?> source = Class.forName(sourceType.toString());
		ConfigurationProperties annotation = source.getAnnotation(ConfigurationProperties.class);
		if (annotation == null) {
			return NO_CODE;
		}
		String prefix = annotation.prefix().isEmpty() ? annotation.value() : annotation.prefix();
		String relative = name.substring(prefix.length() + 1);
		StringBuilder path = new StringBuilder();
		for (String segment : relative.split("\\.")) {
			path.append((path.length() > 0) ? "." : "").append(camel(segment));
		}
		return new BeanWrapperImpl(source.getDeclaredConstructor().newInstance()).getPropertyValue(path.toString());
	}

	private static String camel(String kebab) {
		StringBuilder camel = new StringBuilder();
		boolean upper = false;
		for (char c : kebab.toCharArray()) {
			if (c == '-') {
				upper = true;
			}
			else {
				camel.append(upper ? Character.toUpperCase(c) : c);
				upper = false;
			}
		}
		return camel.toString();
	}

	// A type of a later Boot (the endpoint's Access, Boot 3.4+) is compared as text on an older one.
	private static Class<?> type(Map<String, Object> metadata) {
		Object type = metadata.get("type");
		if (type == null) {
			return String.class;
		}
		try {
			return Class.forName(type.toString());
		}
		catch (ClassNotFoundException ex) {
			return String.class;
		}
	}

	private static Object convert(Object value, Class<?> type) {
		return (value != null) ? CONVERSION.convert(value.toString(), type) : null;
	}

	private static List<Row> configurationRows() {
		List<Row> rows = new ArrayList<>();
		rows.addAll(rows(CONFIGURATION, DocFiles.table(CONFIGURATION, null, "Property", "Default",
				"On Boot 3.1 with vt-starter")));
		rows.addAll(rows(CONFIGURATION, DocFiles.table(CONFIGURATION, "vt-starter's own properties", "Property",
				"Default", "Meaning")));
		return rows;
	}

	private static List<Row> observabilityRows() {
		return rows(OBSERVABILITY, DocFiles.table(OBSERVABILITY, "Properties", "Property", "Default", "Meaning"));
	}

	// A row names one property, or several that share a prefix ("`a.b.c` / `d`" is a.b.c and a.b.d, "`a.b-c` /
	// `-d`" is a.b-c and a.b-c-d), with their defaults in the same order ("`1` / `2`").
	private static List<Row> rows(String doc, List<List<String>> table) {
		List<Row> rows = new ArrayList<>();
		for (List<String> cells : table) {
			List<String> names = DocFiles.codeSpans(cells.get(0));
			String[] defaults = cells.get(1).split(" / ");
			String first = names.get(0);
			for (int i = 0; i < names.size(); i++) {
				String name = names.get(i);
				if (i > 0) {
					name = name.startsWith("-") ? first + name
							: first.substring(0, first.lastIndexOf('.') + 1) + name;
				}
				String cell = (defaults.length == names.size()) ? defaults[i] : cells.get(1);
				rows.add(new Row(doc, name, defaultOf(cell)));
			}
		}
		return rows;
	}

	// The default a cell gives: its first code span, unless it says there is none ("none", "not set").
	private static String defaultOf(String cell) {
		String text = cell.trim();
		if (text.isEmpty() || text.startsWith("none") || text.startsWith("not set")) {
			return null;
		}
		List<String> spans = DocFiles.codeSpans(text);
		return spans.isEmpty() ? text : spans.get(0);
	}

	// name -> metadata of the starter's own properties
	private static Map<String, Map<String, Object>> starterMetadata() throws IOException {
		URL root = VirtualThreadsAutoConfiguration.class.getProtectionDomain().getCodeSource().getLocation();
		URL file = new URL(root, "META-INF/spring-configuration-metadata.json");
		Map<String, Map<String, Object>> properties = new LinkedHashMap<>();
		read(file, properties);
		assertThat(properties).as(file + " (is the configuration processor run?)").isNotEmpty();
		return properties;
	}

	// name -> metadata of every property on the class path, the starter's winning over Boot's for the same name
	private static Map<String, Map<String, Object>> allMetadata() throws IOException {
		Map<String, Map<String, Object>> properties = new LinkedHashMap<>();
		for (URL file : Collections.list(DocsConfigurationTablesTests.class.getClassLoader()
			.getResources("META-INF/spring-configuration-metadata.json"))) {
			read(file, properties);
		}
		properties.putAll(starterMetadata());
		return properties;
	}

	@SuppressWarnings("unchecked")
	private static void read(URL file, Map<String, Map<String, Object>> properties) throws IOException {
		try (InputStream in = file.openStream()) {
			Map<String, Object> metadata = new ObjectMapper().readValue(in, Map.class);
			for (Map<String, Object> property : (List<Map<String, Object>>) metadata.getOrDefault("properties",
					List.of())) {
				properties.put((String) property.get("name"), property);
			}
		}
	}

	/**
	 * A property as a table documents it.
	 * @param doc the document
	 * @param name its name ({@code prefix.*} for a group)
	 * @param defaultValue the documented default, {@code null} for none
	 */
	record Row(String doc, String name, String defaultValue) {

		boolean wildcard() {
			return this.name.endsWith(".*");
		}

		boolean covers(String property) {
			return wildcard() ? property.startsWith(this.name.substring(0, this.name.length() - 1))
					: this.name.equals(property);
		}

		@Override
		public String toString() {
			return this.doc + ": " + this.name;
		}

	}

}
