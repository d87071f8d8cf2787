package io.github.vtstarter.archunit;

import com.tngtech.archunit.core.domain.JavaClasses;
import io.github.vtstarter.archunit.fixtures.precision.PrecisionCases;
import io.github.vtstarter.archunit.fixtures.precision.RemoteCacheFactory;
import org.junit.jupiter.api.Test;

import static io.github.vtstarter.archunit.FixtureSource.importClasses;
import static io.github.vtstarter.archunit.FixtureSource.location;
import static io.github.vtstarter.archunit.FixtureSource.violations;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The measures that took the rules from 79% to 98% true findings on real libraries (issue 13):
 * console printing as its own category, no {@code available()}, in-memory serialization, rapid
 * type analysis, and {@code wait} only as {@code Object.wait}.
 */
class PrecisionTest {

	private static final String CASES = "io.github.vtstarter.archunit.fixtures.precision.PrecisionCases";

	private final JavaClasses withoutFactory = importClasses(PrecisionCases.class, PrecisionCases.Cache.class,
			nested("MemoryCache"), nested("RemoteCache"), nested("Pauses"));

	@Test
	void onlyTheOwnSleepHelperIsReportedByDefault() {
		assertThat(violations(VirtualThreadRules.forJava(21).noBlockingCallsWhileSynchronized(), this.withoutFactory))
			.filteredOn((violation) -> !violation.contains(".writeAfterAnElse("))
			.singleElement()
			.asString()
			.startsWith("Method <" + CASES + ".pauseOwnHelper()> holds the monitor")
			.contains("<java.lang.Thread.sleep(long)> in " + location(PrecisionCases.class, "// own sleep"));
	}

	@Test
	void writesBehindALevelCheckAreDiagnosticButNotTheElseBranch() {
		assertThat(violations(VirtualThreadRules.forJava(21).noBlockingCallsWhileSynchronized(), this.withoutFactory))
			.noneMatch((violation) -> violation.contains(".traceWhenDebugging("));
		assertThat(violations(VirtualThreadRules.noMonitorHeldAcrossBlockingCalls(), this.withoutFactory))
			.anySatisfy((violation) -> assertThat(violation).startsWith("Method <" + CASES + ".writeAfterAnElse(")
				.contains("<java.io.Writer.write(java.lang.String)> in " + location(PrecisionCases.class, "// not guarded")));
	}

	@Test
	void consolePrintingIsACategoryTheUserCanKeep() {
		assertThat(violations(VirtualThreadRules.forJava(21).noBlockingCallsWhileSynchronized().withConsolePrinting(),
				this.withoutFactory))
			.anySatisfy((violation) -> assertThat(violation).contains("<java.io.PrintStream.println(java.lang.String)> in "
					+ location(PrecisionCases.class, "// console")));
	}

	@Test
	void anImplementationBecomesAReceiverOnceSomethingCreatesIt() {
		JavaClasses withFactory = importClasses(PrecisionCases.class, PrecisionCases.Cache.class, nested("MemoryCache"),
				nested("RemoteCache"), nested("Pauses"), RemoteCacheFactory.class);
		assertThat(violations(VirtualThreadRules.forJava(21).noBlockingCallsWhileSynchronized(), withFactory))
			.anySatisfy((violation) -> assertThat(violation)
				.startsWith("Method <" + CASES + ".lookupIn(" + CASES + "$Cache, java.lang.String)>")
				.contains("implemented by <" + CASES + "$RemoteCache.get(java.lang.String)>"));
	}

	@Test
	void aFieldThatOnlyEverHoldsTheMemoryCacheNeverReachesTheRemoteOne() {
		JavaClasses withFactory = importClasses(PrecisionCases.class, PrecisionCases.Cache.class, nested("MemoryCache"),
				nested("RemoteCache"), nested("Pauses"), RemoteCacheFactory.class);
		assertThat(violations(VirtualThreadRules.forJava(21).noBlockingCallsWhileSynchronized(), withFactory))
			.noneMatch((violation) -> violation.startsWith("Method <" + CASES + ".lookup(java.lang.String)>"));
	}

	@Test
	void aMethodOfOnesOwnNamedWaitIsNotObjectWait() {
		assertThat(violations(VirtualThreadRules.forJava(21).noObjectWaitWhileSynchronized(), this.withoutFactory))
			.isEmpty();
	}

	private static Class<?> nested(String simpleName) {
		for (Class<?> nested : PrecisionCases.class.getDeclaredClasses()) {
			if (nested.getSimpleName().equals(simpleName)) {
				return nested;
			}
		}
		throw new IllegalArgumentException(simpleName);
	}

}
