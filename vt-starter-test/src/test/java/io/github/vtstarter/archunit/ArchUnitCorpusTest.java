package io.github.vtstarter.archunit;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Precision on real libraries: runs the Java 21 pinning rules over fixed versions of the libraries of
 * spring-petclinic (Boot 3.1.3) and compares every finding with a labelled list,
 * {@code src/test/resources/archunit-corpus/<library>.txt}, one line per finding:
 * {@code TRUE|WRONG-CHAIN|FALSE <finding key> — reason}, labelled to the standard of docs/archunit.md
 * (TRUE: the chain shown can happen and its last call can block; WRONG-CHAIN: it cannot, but the
 * method blocks through another chain; FALSE: the method does not block there). A finding that
 * appears or disappears without a label fails the test; the actual findings are written to
 * {@code target/archunit-corpus/<library>.actual.txt} to label from
 * ({@code src/bench/archunit-corpus/label.py}). Precision per chain (TRUE / all) and per method
 * ((TRUE + WRONG-CHAIN) / all) is printed per library.
 * <p>
 * Needs the jars, which only the {@code archunit-corpus} profile copies:
 * {@code ./mvnw -pl vt-starter-test -Parchunit-corpus test}.
 */
@Tag("archunit-corpus")
@EnabledIfSystemProperty(named = "vt.archunit.corpus.dir", matches = ".+")
class ArchUnitCorpusTest {

	private static final Pattern LINE = Pattern.compile("\\.java:\\d+\\)");

	private static final Map<String, String[]> LIBRARIES = new LinkedHashMap<>();

	static {
		LIBRARIES.put("hikaricp", new String[] { "HikariCP-5.0.1.jar" });
		LIBRARIES.put("mysql-connector-j", new String[] { "mysql-connector-j-8.0.33.jar" });
		LIBRARIES.put("postgresql", new String[] { "postgresql-42.6.0.jar" });
		LIBRARIES.put("logback", new String[] { "logback-classic-1.4.11.jar", "logback-core-1.4.11.jar" });
		LIBRARIES.put("h2", new String[] { "h2-2.1.214.jar" });
		LIBRARIES.put("tomcat-embed-core", new String[] { "tomcat-embed-core-10.1.12.jar" });
		LIBRARIES.put("hibernate-core", new String[] { "hibernate-core-6.2.7.Final.jar" });
	}

	@ParameterizedTest
	@ValueSource(strings = { "hikaricp", "mysql-connector-j", "postgresql", "logback", "h2", "tomcat-embed-core",
			"hibernate-core" })
	void findingsMatchTheReviewedList(String library) throws IOException {
		Path dir = Path.of(System.getProperty("vt.archunit.corpus.dir"));
		List<Location> jars = new ArrayList<>();
		for (String jar : LIBRARIES.get(library)) {
			jars.add(Location.of(new JarFile(dir.resolve(jar).toFile())));
		}
		JavaClasses classes = new ClassFileImporter().importLocations(jars);
		TreeSet<String> actual = findings(classes);
		Path actualFile = Path.of("target/archunit-corpus", library + ".actual.txt");
		Files.createDirectories(actualFile.getParent());
		Files.write(actualFile, actual);
		Map<String, Label> reviewed = reviewed(library);
		List<String> unreviewed = actual.stream().filter((key) -> !reviewed.containsKey(key)).toList();
		List<String> vanished = reviewed.keySet().stream().filter((key) -> !actual.contains(key)).toList();
		long trueChains = actual.stream().filter((key) -> label(reviewed, key) == Label.TRUE).count();
		long blockingMethods = actual.stream().filter((key) -> label(reviewed, key) != Label.FALSE).count();
		long reviewedTrue = reviewed.values().stream().filter((review) -> review == Label.TRUE).count();
		System.out.printf(Locale.ROOT,
				"%s: %d findings, %d true chains (%s), %d in methods that block (%s); labelled true %d%n", library,
				actual.size(), trueChains, percent(trueChains, actual.size()), blockingMethods,
				percent(blockingMethods, actual.size()), reviewedTrue);
		if (!unreviewed.isEmpty() || !vanished.isEmpty()) {
			fail(library + ": the findings changed; review " + actualFile.toAbsolutePath() + " into src/test/resources/"
					+ "archunit-corpus/" + library + ".txt.\nNew, not reviewed (" + unreviewed.size() + "):\n  "
					+ String.join("\n  ", unreviewed.stream().limit(20).toList()) + "\nReviewed but gone ("
					+ vanished.size() + "):\n  " + String.join("\n  ", vanished.stream().limit(20).toList()));
		}
		assertThat(trueChains).as("true findings of %s", library).isEqualTo(reviewedTrue);
	}

	/**
	 * The finding keys: rule, then the message without the advice and without line numbers, so that
	 * the key of a finding does not change with the wording of the fix.
	 */
	static TreeSet<String> findings(JavaClasses classes) {
		JavaVersionRules rules = VirtualThreadRules.forJava(21);
		Map<String, ArchRule> named = new TreeMap<>();
		named.put("BLOCKING", rules.noBlockingCallsWhileSynchronized());
		named.put("WAIT", rules.noObjectWaitWhileSynchronized());
		named.put("CLINIT", rules.noBlockingCallsInStaticInitializers());
		TreeSet<String> keys = new TreeSet<>();
		named.forEach((name, rule) -> {
			for (String detail : rule.evaluate(classes).getFailureReport().getDetails()) {
				int advice = detail.indexOf("; applies to ");
				String core = (advice > 0) ? detail.substring(0, advice) : detail;
				keys.add(name + " " + LINE.matcher(core).replaceAll(".java)"));
			}
		});
		return keys;
	}

	// One decimal, as label.py prints it: 94.6% must not read as the 95% goal.
	private static String percent(long part, int whole) {
		return (whole == 0) ? "n/a" : String.format(Locale.ROOT, "%.1f%%", 100.0 * part / whole);
	}

	private static Label label(Map<String, Label> reviewed, String key) {
		Label label = reviewed.get(key);
		return (label != null) ? label : Label.FALSE;
	}

	private static Map<String, Label> reviewed(String library) throws IOException {
		Map<String, Label> result = new LinkedHashMap<>();
		try (InputStream in = ArchUnitCorpusTest.class.getResourceAsStream("/archunit-corpus/" + library + ".txt")) {
			if (in == null) {
				return result;
			}
			try (Stream<String> lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()) {
				lines.filter((line) -> !line.startsWith("#") && !line.isBlank()).forEach((line) -> {
					int reason = line.lastIndexOf(" — ");
					String head = (reason > 0) ? line.substring(0, reason) : line;
					int space = head.indexOf(' ');
					result.put(head.substring(space + 1), Label.valueOf(head.substring(0, space).replace('-', '_')));
				});
			}
		}
		return result;
	}

	/**
	 * The labels of the standard: {@code TRUE}, {@code WRONG-CHAIN} and {@code FALSE} in the lists.
	 */
	private enum Label {

		TRUE, WRONG_CHAIN, FALSE

	}

}
