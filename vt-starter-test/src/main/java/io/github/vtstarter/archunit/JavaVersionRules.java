package io.github.vtstarter.archunit;

import java.util.ArrayList;
import java.util.List;

import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;

/**
 * The rules for one Java version, from {@link VirtualThreadRules#forJava(int)}:
 * <pre class="code">
 * &#64;ArchTest
 * static final ArchRule pinning = VirtualThreadRules.forJava(25).pinning();
 * </pre>
 * <table>
 * <caption>What pins where</caption>
 * <tr><th>rule</th><th>Java 21 to 23</th><th>Java 24+</th></tr>
 * <tr><td>{@link #noBlockingCallsWhileSynchronized()}</td><td>pins</td><td>reports nothing (JEP 491)</td></tr>
 * <tr><td>{@link #noObjectWaitWhileSynchronized()}</td><td>pins, no pinned event; the carrier pool grows</td>
 * <td>reports nothing (JEP 491)</td></tr>
 * <tr><td>{@link #noBlockingCallsInStaticInitializers()}</td><td>pins</td><td>pins</td></tr>
 * <tr><td>{@link #noMonitorHeldAcrossBlockingCalls()} (opt-in)</td><td>serializes callers (and pins)</td>
 * <td>serializes callers</td></tr>
 * </table>
 */
public final class JavaVersionRules {

	private final int javaVersion;

	JavaVersionRules(int javaVersion) {
		this.javaVersion = javaVersion;
	}

	/**
	 * The Java feature version these rules judge for.
	 * @return the version
	 */
	public int getJavaVersion() {
		return this.javaVersion;
	}

	/**
	 * Blocking calls while a monitor is held; reports nothing from Java 24 on.
	 * @return the rule
	 */
	public BlockingWhileSynchronizedRule noBlockingCallsWhileSynchronized() {
		return VirtualThreadRules.noBlockingCallsWhileSynchronized().forJava(this.javaVersion);
	}

	/**
	 * {@code Object.wait()}; reports nothing from Java 24 on.
	 * @return the rule
	 */
	public BlockingWhileSynchronizedRule noObjectWaitWhileSynchronized() {
		return VirtualThreadRules.noObjectWaitWhileSynchronized().forJava(this.javaVersion);
	}

	/**
	 * Blocking calls made by class initializers; pins on every Java.
	 * @return the rule
	 */
	public BlockingWhileSynchronizedRule noBlockingCallsInStaticInitializers() {
		return VirtualThreadRules.noBlockingCallsInStaticInitializers().forJava(this.javaVersion);
	}

	/**
	 * Opt-in: a monitor held across a blocking call serializes its callers on every Java.
	 * @return the rule
	 */
	public BlockingWhileSynchronizedRule noMonitorHeldAcrossBlockingCalls() {
		return VirtualThreadRules.noMonitorHeldAcrossBlockingCalls().forJava(this.javaVersion);
	}

	/**
	 * The rules whose findings pin on this Java: all three pinning rules before Java 24, the class
	 * initializer rule only from Java 24 on.
	 * @return the rules
	 */
	public List<BlockingWhileSynchronizedRule> pinningRules() {
		List<BlockingWhileSynchronizedRule> rules = new ArrayList<>();
		if (RuleKind.BLOCKING_WHILE_SYNCHRONIZED.appliesTo(this.javaVersion)) {
			rules.add(noBlockingCallsWhileSynchronized());
			rules.add(noObjectWaitWhileSynchronized());
		}
		rules.add(noBlockingCallsInStaticInitializers());
		return rules;
	}

	/**
	 * The {@link #pinningRules()} as one rule.
	 * @return the composite rule
	 */
	public ArchRule pinning() {
		List<BlockingWhileSynchronizedRule> rules = pinningRules();
		CompositeArchRule composite = CompositeArchRule.of(rules.get(0));
		for (int i = 1; i < rules.size(); i++) {
			composite = composite.and(rules.get(i));
		}
		return composite;
	}

	@Override
	public String toString() {
		return "VirtualThreadRules for Java " + this.javaVersion;
	}

}
