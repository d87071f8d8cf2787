package io.github.vtstarter.archunit;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.vtstarter.archunit.bytecode.BytecodeClass;
import io.github.vtstarter.archunit.bytecode.ClassFileLocator;
import io.github.vtstarter.archunit.bytecode.ClassFileParser;

/**
 * Which jars of a class path hold code that pins virtual threads on a given Java, ranked: the
 * dependency audit of {@link VirtualThreadRules#auditClasspath()}. Each jar is analysed on its own
 * with the {@link JavaVersionRules#pinningRules() pinning rules} of that Java (calls are followed
 * within the jar; types of other jars are known by their headers), straight from the class files,
 * without an ArchUnit import. vt-starter's own jars ({@code vt-starter}, {@code vt-starter-autoconfigure},
 * {@code vt-starter-test}, known by their Maven descriptor) are left out and named at the end of the
 * report. Run it from a build or the command line:
 * <pre>
 * java -cp "$(cat cp.txt):vt-starter-test.jar:archunit.jar:spring-core.jar" io.github.vtstarter.archunit.ClasspathAudit --java 21 "$(cat cp.txt)"
 * </pre>
 */
public final class ClasspathAudit {

	private static final Pattern VERSIONED_NAME = Pattern.compile("(.+?)-(\\d[^/]*)\\.jar");

	private static final Pattern MAVEN_DESCRIPTOR = Pattern.compile("META-INF/maven/([^/]+)/([^/]+)/pom\\.properties");

	private static final String OWN_GROUP = "io.github.vtstarter";

	private static final Set<String> OWN_ARTIFACTS = Set.of("vt-starter", "vt-starter-autoconfigure", "vt-starter-test");

	private final int javaVersion;

	private final List<JarReport> jars;

	private final long millis;

	private final List<String> leftOut;

	private ClasspathAudit(int javaVersion, List<JarReport> jars, long millis, List<String> leftOut) {
		this.javaVersion = javaVersion;
		this.jars = jars;
		this.millis = millis;
		this.leftOut = leftOut;
	}

	/**
	 * Audits the jars of a class path.
	 * @param javaVersion the Java feature version the application runs on, 21 or later
	 * @param classPath the entries; only jars are audited, and not vt-starter's own
	 * @return the audit, jars with findings first, most findings first
	 */
	public static ClasspathAudit of(int javaVersion, List<Path> classPath) {
		long start = System.nanoTime();
		JavaVersionRules rules = VirtualThreadRules.forJava(javaVersion);
		List<Path> jars = new ArrayList<>();
		List<String> leftOut = new ArrayList<>();
		for (Path entry : classPath) {
			if (entry.toString().endsWith(".jar") && Files.isRegularFile(entry)) {
				String own = ownArtifact(entry);
				if (own != null) {
					leftOut.add(own);
				}
				else {
					jars.add(entry);
				}
			}
		}
		List<JarReport> reports = new ArrayList<>();
		try (URLClassLoader loader = new URLClassLoader(urls(jars), ClassLoader.getPlatformClassLoader())) {
			ClassFileLocator locator = new ClassFileLocator(loader);
			for (Path jar : jars) {
				reports.add(audit(jar, rules, locator));
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		// Ranked by distinct places (a monitor region or a class initializer), not by messages: one
		// initializer calling a lock 132 times is one thing to fix, not 132.
		reports.sort(Comparator.comparingInt(JarReport::places).reversed()
			.thenComparing(Comparator.comparingInt(JarReport::total).reversed())
			.thenComparing(JarReport::name));
		return new ClasspathAudit(javaVersion, Collections.unmodifiableList(reports),
				(System.nanoTime() - start) / 1_000_000, Collections.unmodifiableList(leftOut));
	}

	/**
	 * vt-starter's own jars are not audited: the audit would rank the tool that runs it, and the
	 * runtime it ships, among the application's dependencies. A jar is vt-starter's when every Maven
	 * descriptor in it ({@code META-INF/maven/<group>/<artifact>/pom.properties}) is one of its
	 * artifacts; an application jar that bundles them with others is audited.
	 * @param jar a jar of the class path
	 * @return the artifact and version, such as {@code vt-starter-autoconfigure 0.1.0}, or {@code null}
	 */
	private static String ownArtifact(Path jar) {
		String own = null;
		try (JarFile file = new JarFile(jar.toFile())) {
			Enumeration<JarEntry> entries = file.entries();
			while (entries.hasMoreElements()) {
				JarEntry entry = entries.nextElement();
				Matcher descriptor = MAVEN_DESCRIPTOR.matcher(entry.getName());
				if (!descriptor.matches()) {
					continue;
				}
				if (!OWN_GROUP.equals(descriptor.group(1)) || !OWN_ARTIFACTS.contains(descriptor.group(2))) {
					return null;
				}
				Properties properties = new Properties();
				try (InputStream in = file.getInputStream(entry)) {
					properties.load(in);
				}
				own = descriptor.group(2) + " " + properties.getProperty("version", "?");
			}
		}
		catch (IOException ex) {
			// Not readable as a jar: audited like any other, which reports the error.
			return null;
		}
		return own;
	}

	private static JarReport audit(Path jar, JavaVersionRules rules, ClassFileLocator locator) throws IOException {
		Map<String, BytecodeClass> parsed = new LinkedHashMap<>();
		String version = null;
		try (JarFile file = new JarFile(jar.toFile())) {
			Manifest manifest = file.getManifest();
			if (manifest != null) {
				version = manifest.getMainAttributes().getValue("Implementation-Version");
			}
			Enumeration<JarEntry> entries = file.entries();
			while (entries.hasMoreElements()) {
				JarEntry entry = entries.nextElement();
				String name = entry.getName();
				if (!name.endsWith(".class") || name.startsWith("META-INF/") || name.endsWith("module-info.class")) {
					continue;
				}
				try (InputStream in = file.getInputStream(entry)) {
					BytecodeClass bytecode = ClassFileParser.parse(in.readAllBytes());
					parsed.put(bytecode.getInternalName(), bytecode);
				}
				catch (RuntimeException ex) {
					// A class file the parser cannot read is left out, not the whole jar.
				}
			}
		}
		String fileName = jar.getFileName().toString();
		Matcher matcher = VERSIONED_NAME.matcher(fileName);
		String name = matcher.matches() ? matcher.group(1) : fileName.substring(0, fileName.length() - ".jar".length());
		if (version == null) {
			version = matcher.matches() ? matcher.group(2) : "?";
		}
		Map<String, Integer> counts = new LinkedHashMap<>();
		List<String> findings = new ArrayList<>();
		for (BlockingWhileSynchronizedRule rule : rules.pinningRules()) {
			MonitorAnalysis analysis = new MonitorAnalysis(rule.getCatalogue(), rule.getMaxDepth(), rule.getKind());
			int count = 0;
			for (Set<String> messages : analysis.analyse(parsed, parsed.keySet(), locator).values()) {
				count += messages.size();
				findings.addAll(messages);
			}
			counts.put(label(rule.getKind()), count);
		}
		// Worst first: a blocking call made right in the monitor region or initializer, then short chains.
		findings.sort(Comparator.comparingInt(ClasspathAudit::chainLength).thenComparing(Comparator.naturalOrder()));
		return new JarReport(name, version, parsed.size(), counts, findings);
	}

	private static int chainLength(String message) {
		int through = message.indexOf(" through <");
		if (through < 0) {
			return 1;
		}
		int advice = message.indexOf("; applies to ");
		String chain = message.substring(through, (advice > 0) ? advice : message.length());
		return chain.split(" -> ").length + 1;
	}

	private static String label(RuleKind kind) {
		return switch (kind) {
			case OBJECT_WAIT -> "wait() under monitor";
			case STATIC_INITIALIZER -> "blocking in <clinit>";
			default -> "blocking under monitor";
		};
	}

	private static URL[] urls(List<Path> jars) {
		URL[] urls = new URL[jars.size()];
		for (int i = 0; i < urls.length; i++) {
			try {
				urls[i] = jars.get(i).toUri().toURL();
			}
			catch (MalformedURLException ex) {
				throw new IllegalArgumentException(ex);
			}
		}
		return urls;
	}

	/**
	 * The Java version the audit judged for.
	 * @return the Java feature version
	 */
	public int getJavaVersion() {
		return this.javaVersion;
	}

	/**
	 * The audited jars, most findings first.
	 * @return the reports
	 */
	public List<JarReport> getJars() {
		return this.jars;
	}

	/**
	 * vt-starter's own jars found on the class path and left out of the audit.
	 * @return artifact and version of each, such as {@code vt-starter-autoconfigure 0.1.0}
	 */
	public List<String> getLeftOut() {
		return this.leftOut;
	}

	/**
	 * How long the audit took.
	 * @return milliseconds
	 */
	public long getMillis() {
		return this.millis;
	}

	/**
	 * A text report: one line per jar with findings, ranked, with its worst findings below, and a
	 * last line naming vt-starter's own jars when some were left out.
	 * @param worstPerJar how many findings to show per jar
	 * @return the report
	 */
	public String report(int worstPerJar) {
		StringBuilder out = new StringBuilder();
		long withFindings = this.jars.stream().filter((jar) -> jar.total() > 0).count();
		out.append(String.format(Locale.ROOT, "Pinning audit for Java %d: %d of %d jars hold pinning-prone code (%d ms)%n",
				this.javaVersion, withFindings, this.jars.size(), this.millis));
		int rank = 0;
		for (JarReport jar : this.jars) {
			if (jar.total() == 0) {
				continue;
			}
			out.append(String.format(Locale.ROOT, "%2d. %s %s: %d places, %d findings in %d classes %s%n", ++rank,
					jar.name(), jar.version(), jar.places(), jar.total(), jar.classes(), jar.counts()));
			for (int i = 0; i < worstPerJar && i < jar.findings().size(); i++) {
				String finding = jar.findings().get(i);
				int advice = finding.indexOf("; applies to ");
				out.append("      ").append((advice > 0) ? finding.substring(0, advice) : finding).append(System.lineSeparator());
			}
		}
		if (!this.leftOut.isEmpty()) {
			out.append("Left out: vt-starter's own jars (").append(String.join(", ", this.leftOut)).append(')')
				.append(System.lineSeparator());
		}
		return out.toString();
	}

	@Override
	public String toString() {
		return report(3);
	}

	/**
	 * Audits a class path and prints the report.
	 * @param args {@code [--java N] [--worst N] [class path]}; the class path defaults to this JVM's
	 */
	public static void main(String[] args) {
		int java = VirtualThreadRules.DEFAULT_JAVA_VERSION;
		int worst = 3;
		String classPath = System.getProperty("java.class.path");
		for (int i = 0; i < args.length; i++) {
			if ("--java".equals(args[i])) {
				java = Integer.parseInt(args[++i]);
			}
			else if ("--worst".equals(args[i])) {
				worst = Integer.parseInt(args[++i]);
			}
			else {
				classPath = args[i];
			}
		}
		System.out.print(of(java, split(classPath)).report(worst));
	}

	static List<Path> split(String classPath) {
		List<Path> entries = new ArrayList<>();
		for (String entry : classPath.split(File.pathSeparator)) {
			if (!entry.isBlank()) {
				entries.add(Path.of(entry));
			}
		}
		return entries;
	}

	/**
	 * The findings of one jar.
	 * @param name the jar's name without version
	 * @param version the version from the manifest or the file name
	 * @param classes how many classes were analysed
	 * @param counts findings per rule
	 * @param findings the findings, worst (shortest chain) first
	 */
	public record JarReport(String name, String version, int classes, Map<String, Integer> counts, List<String> findings) {

		/**
		 * All findings of the jar.
		 * @return the number of findings
		 */
		public int total() {
			return this.findings.size();
		}

		/**
		 * The distinct places the findings start from: monitor regions and class initializers.
		 * @return the number of places
		 */
		public int places() {
			Set<String> places = new java.util.HashSet<>();
			for (String finding : this.findings) {
				int end = finding.indexOf(" calls ");
				places.add((end > 0) ? finding.substring(0, end) : finding);
			}
			return places.size();
		}

	}

}
