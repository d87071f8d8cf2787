package io.github.vtstarter.archunit;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

/**
 * An {@link ArchRule} that fails when a blocking call is made while a monitor is held; create it
 * with {@link VirtualThreadRules#noBlockingCallsWhileSynchronized()} or
 * {@link VirtualThreadRules#noObjectWaitWhileSynchronized()} and adjust it fluently:
 * <pre class="code">
 * &#64;ArchTest
 * static final ArchRule noPinning = VirtualThreadRules.noBlockingCallsWhileSynchronized()
 * 		.withMaxDepth(3)
 * 		.alsoBlocking("com.acme.http.LegacyClient", "get*")
 * 		.ignoring(resideInAPackage("..legacy.."))
 * 		.because("our request threads are virtual threads");
 * </pre>
 * Each {@code with...}/{@code also...}/{@code ignoring} method returns a new rule; {@link #because},
 * {@link #as} and {@link #allowEmptyShould} return a plain {@code ArchRule} and so come last.
 * Instances are immutable.
 */
public final class BlockingWhileSynchronizedRule implements ArchRule {

	private final BlockingCallCatalogue catalogue;

	private final int maxDepth;

	private final DescribedPredicate<? super JavaClass> ignored;

	private final RuleKind kind;

	// 0: the version configured in archunit.properties (vtstarter.java.version), read when evaluated.
	private final int javaVersion;

	private final ArchRule delegate;

	BlockingWhileSynchronizedRule(BlockingCallCatalogue catalogue, int maxDepth,
			DescribedPredicate<? super JavaClass> ignored, RuleKind kind, int javaVersion) {
		if (maxDepth < 1) {
			throw new IllegalArgumentException("maxDepth must be at least 1 (direct calls only), but was " + maxDepth);
		}
		this.catalogue = catalogue;
		this.maxDepth = maxDepth;
		this.ignored = ignored;
		this.kind = kind;
		this.javaVersion = javaVersion;
		String description = describe();
		MonitorAnalysis analysis = new MonitorAnalysis(catalogue, maxDepth, kind);
		this.delegate = classes()
			.should(new BlockingWhileSynchronizedCondition(description, analysis, ignored, kind, javaVersion));
	}

	private String describe() {
		StringBuilder description = new StringBuilder();
		switch (this.kind) {
			case OBJECT_WAIT -> description.append("not call Object.wait() while holding a monitor (synchronized method or block");
			case SERIALIZING -> description.append("not hold a monitor across blocking calls (synchronized method or block");
			case STATIC_INITIALIZER -> description.append("not call blocking methods in static initializers (<clinit>");
			default -> description.append("not call blocking methods while holding a monitor (synchronized method or block");
		}
		if (this.maxDepth > 1) {
			description.append(", directly or through up to ").append(this.maxDepth - 1)
				.append((this.maxDepth == 2) ? " further call" : " further calls");
		}
		description.append(')');
		if (this.javaVersion > 0) {
			description.append(" on Java ").append(this.javaVersion);
			if (!this.kind.appliesTo(this.javaVersion)) {
				description.append(" (nothing to report: from Java ").append(RuleKind.JEP_491)
					.append(" on, JEP 491, a virtual thread unmounts while it holds a monitor")
					.append((this.kind == RuleKind.OBJECT_WAIT) ? " or waits on it" : "")
					.append("; noMonitorHeldAcrossBlockingCalls() still flags the callers it serializes)");
			}
		}
		if (this.ignored != DescribedPredicate.<JavaClass>alwaysFalse()) {
			description.append(", except for monitors held in classes that ").append(this.ignored.getDescription());
		}
		return description.toString();
	}

	/**
	 * Follows calls made under a monitor at most this many calls deep: 1 checks only the calls
	 * made in the synchronized code itself, the default 5 follows chains of up to 5 calls ending in
	 * the blocking one.
	 * @param maxDepth the maximum number of calls from the monitor to the blocking call
	 * @return a new rule
	 */
	public BlockingWhileSynchronizedRule withMaxDepth(int maxDepth) {
		return new BlockingWhileSynchronizedRule(this.catalogue, maxDepth, this.ignored, this.kind, this.javaVersion);
	}

	/**
	 * Treats more methods as blocking, in addition to the current catalogue.
	 * @param typeName binary name of the declaring type; its subtypes match too
	 * @param methodNamePatterns method names, {@code *} matching any characters
	 * @return a new rule
	 */
	public BlockingWhileSynchronizedRule alsoBlocking(String typeName, String... methodNamePatterns) {
		return withCatalogue(this.catalogue.with(typeName, methodNamePatterns));
	}

	/**
	 * Treats more methods as blocking, in addition to the current catalogue.
	 * @param calls the catalogue entries to add
	 * @return a new rule
	 */
	public BlockingWhileSynchronizedRule alsoBlocking(BlockingCall... calls) {
		return withCatalogue(this.catalogue.with(calls));
	}

	/**
	 * Treats methods as not blocking even if the catalogue says otherwise, e.g. the methods of an
	 * in-memory implementation of an I/O type.
	 * @param typeName binary name of the declaring type; its subtypes match too
	 * @param methodNamePatterns method names, {@code *} matching any characters
	 * @return a new rule
	 */
	public BlockingWhileSynchronizedRule notBlocking(String typeName, String... methodNamePatterns) {
		return withCatalogue(this.catalogue.without(typeName, methodNamePatterns));
	}

	/**
	 * Also treats printing to a {@code PrintStream} ({@code System.out}, {@code System.err}) as
	 * blocking, which the default catalogue leaves out: see {@link BlockingCallCatalogue#consolePrinting()}.
	 * @return a new rule
	 */
	public BlockingWhileSynchronizedRule withConsolePrinting() {
		return withCatalogue(this.catalogue.with(BlockingCallCatalogue.consolePrinting()));
	}

	/**
	 * Replaces the catalogue of blocking calls.
	 * @param catalogue the catalogue, typically derived from {@link BlockingCallCatalogue#defaults()}
	 * @return a new rule
	 */
	public BlockingWhileSynchronizedRule withCatalogue(BlockingCallCatalogue catalogue) {
		return new BlockingWhileSynchronizedRule(catalogue, this.maxDepth, this.ignored, this.kind, this.javaVersion);
	}

	/**
	 * Does not report monitors held in the matching classes, e.g. a package that pins on purpose.
	 * Their methods are still analysed and followed when synchronized code elsewhere calls them;
	 * to drop classes from the analysis altogether, leave them out of the import instead (an
	 * {@code ImportOption}). Several calls combine with {@code or}.
	 * @param classes the classes whose monitors are not checked, e.g.
	 * {@code JavaClass.Predicates.resideInAPackage("..legacy..")}
	 * @return a new rule
	 */
	public BlockingWhileSynchronizedRule ignoring(DescribedPredicate<? super JavaClass> classes) {
		DescribedPredicate<? super JavaClass> combined = (this.ignored == DescribedPredicate.<JavaClass>alwaysFalse())
				? classes : DescribedPredicate.<JavaClass>or(this.ignored, classes);
		return new BlockingWhileSynchronizedRule(this.catalogue, this.maxDepth, combined, this.kind, this.javaVersion);
	}

	/**
	 * The same rule for the Java version the application runs on: before Java 24 a monitor held
	 * across a blocking call pins, from Java 24 on (JEP 491) it does not, so that rule and the
	 * {@code Object.wait()} rule report nothing there; class initializers pin on every Java.
	 * @param javaVersion the Java feature version, 21 or later
	 * @return a new rule
	 */
	public BlockingWhileSynchronizedRule forJava(int javaVersion) {
		return new BlockingWhileSynchronizedRule(this.catalogue, this.maxDepth, this.ignored, this.kind,
				VirtualThreadRules.checkedJavaVersion(javaVersion));
	}

	/**
	 * The Java version this rule judges for.
	 * @return the Java feature version; the one configured in {@code archunit.properties}
	 * ({@value VirtualThreadRules#JAVA_VERSION_PROPERTY}, default 21) unless set with {@link #forJava(int)}
	 */
	public int getJavaVersion() {
		return (this.javaVersion > 0) ? this.javaVersion : VirtualThreadRules.configuredJavaVersion();
	}

	/**
	 * The catalogue of blocking calls this rule looks for.
	 * @return the catalogue
	 */
	public BlockingCallCatalogue getCatalogue() {
		return this.catalogue;
	}

	/**
	 * The maximum number of calls from a monitor region to a blocking call.
	 * @return the maximum depth
	 */
	public int getMaxDepth() {
		return this.maxDepth;
	}

	RuleKind getKind() {
		return this.kind;
	}

	@Override
	public void check(JavaClasses classes) {
		this.delegate.check(classes);
	}

	@Override
	public ArchRule because(String reason) {
		return this.delegate.because(reason);
	}

	@Override
	public ArchRule allowEmptyShould(boolean allowEmptyShould) {
		return this.delegate.allowEmptyShould(allowEmptyShould);
	}

	@Override
	public ArchRule as(String newDescription) {
		return this.delegate.as(newDescription);
	}

	@Override
	public EvaluationResult evaluate(JavaClasses classes) {
		return this.delegate.evaluate(classes);
	}

	@Override
	public String getDescription() {
		return this.delegate.getDescription();
	}

	@Override
	public String toString() {
		return this.delegate.toString();
	}

}
