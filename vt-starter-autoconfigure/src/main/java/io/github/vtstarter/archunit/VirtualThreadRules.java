package io.github.vtstarter.archunit;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchRule;

/**
 * ArchUnit rules that fail the build on code that pins virtual threads, in the manner of
 * ArchUnit's {@code GeneralCodingRules}.
 * <p>
 * On Java 21 to 23 a virtual thread that blocks while it holds a monitor (inside a
 * {@code synchronized} method or block, or in {@code Object.wait()}) stays mounted on its carrier
 * thread; with as many carriers as cores, a handful of such calls stalls every virtual thread of
 * the application. These rules read the bytecode of the analysed classes, find the code that runs
 * under a monitor, and follow its calls through the analysed classes to blocking calls of the
 * {@link BlockingCallCatalogue}.
 * <pre class="code">
 * &#64;AnalyzeClasses(packages = "com.acme", importOptions = ImportOption.DoNotIncludeTests.class)
 * class PinningRulesTest {
 *
 * 	&#64;ArchTest
 * 	static final ArchRule noBlockingCallsWhileSynchronized = VirtualThreadRules.NO_BLOCKING_CALLS_WHILE_SYNCHRONIZED;
 *
 * }
 * </pre>
 */
public final class VirtualThreadRules {

	/**
	 * How many calls deep the rules follow calls made under a monitor by default.
	 */
	public static final int DEFAULT_MAX_DEPTH = 5;

	/**
	 * No blocking call of the {@link BlockingCallCatalogue#defaults() default catalogue} may be
	 * made while a monitor is held, directly or through up to {@value #DEFAULT_MAX_DEPTH} calls of
	 * the analysed classes.
	 */
	public static final ArchRule NO_BLOCKING_CALLS_WHILE_SYNCHRONIZED = noBlockingCallsWhileSynchronized();

	/**
	 * {@code Object.wait()} may not be called: it runs only while its object's monitor is held and
	 * pins the carrier on Java 21 to 23, so {@code synchronized}/{@code wait()}/{@code notify()}
	 * should become a {@code ReentrantLock} and a {@code Condition}. Violations name the region
	 * that holds the monitor when it is found in the analysed classes, the call itself otherwise.
	 */
	public static final ArchRule NO_OBJECT_WAIT_WHILE_SYNCHRONIZED = noObjectWaitWhileSynchronized();

	private VirtualThreadRules() {
	}

	/**
	 * A rule like {@link #NO_BLOCKING_CALLS_WHILE_SYNCHRONIZED} that can be customised.
	 * @return the rule with the default catalogue and depth
	 */
	public static BlockingWhileSynchronizedRule noBlockingCallsWhileSynchronized() {
		return new BlockingWhileSynchronizedRule(BlockingCallCatalogue.defaults(), DEFAULT_MAX_DEPTH,
				DescribedPredicate.<JavaClass>alwaysFalse(), false);
	}

	/**
	 * A rule like {@link #NO_OBJECT_WAIT_WHILE_SYNCHRONIZED} that can be customised.
	 * @return the rule with the default depth
	 */
	public static BlockingWhileSynchronizedRule noObjectWaitWhileSynchronized() {
		return new BlockingWhileSynchronizedRule(BlockingCallCatalogue.objectWait(), DEFAULT_MAX_DEPTH,
				DescribedPredicate.<JavaClass>alwaysFalse(), true);
	}

}
