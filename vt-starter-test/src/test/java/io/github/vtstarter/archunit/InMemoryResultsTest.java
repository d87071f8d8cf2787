package io.github.vtstarter.archunit;

import java.util.List;

import com.tngtech.archunit.lang.ArchRule;
import io.github.vtstarter.archunit.fixtures.receiver.KeptRows;
import io.github.vtstarter.archunit.fixtures.receiver.Streams;
import org.junit.jupiter.api.Test;

import static io.github.vtstarter.archunit.FixtureSource.importClasses;
import static io.github.vtstarter.archunit.FixtureSource.location;
import static io.github.vtstarter.archunit.FixtureSource.violations;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A result the catalogue knows to live in memory stays in memory when it is cast, kept in a field
 * (two fields deep at most), or is one of several values that all are such results (issue 23).
 */
class InMemoryResultsTest {

	private static final String RECEIVER = "io.github.vtstarter.archunit.fixtures.receiver.";

	private static final ArchRule DEFAULTS = VirtualThreadRules.forJava(21).noBlockingCallsWhileSynchronized();

	private static final ArchRule SNAPSHOTS_IN_MEMORY = VirtualThreadRules.forJava(21)
		.noBlockingCallsWhileSynchronized()
		.withCatalogue(BlockingCallCatalogue.defaults()
			.withInMemoryResults(BlockingCall.of(Streams.class, "snapshot").because("rows copied into memory")));

	@Test
	void withoutTheCatalogueEntryEveryReadIsReported() {
		List<String> violations = violations(DEFAULTS, rows());
		for (String method : List.of("KeptRows.readKept()", "KeptRows.readAlias()", "KeptRows.readCast()",
				"KeptRows.readEither(boolean)", "KeptRows$Inheriting.readInherited()")) {
			assertThat(violations).anySatisfy((violation) -> assertThat(violation)
				.startsWith("Method <" + RECEIVER + method + ">")
				.contains("calls blocking method <java.sql.ResultSet.next()>"));
		}
	}

	@Test
	void aCastResultIsStillInMemory() {
		assertThat(violations(SNAPSHOTS_IN_MEMORY, rows())).noneMatch((violation) -> violation.contains(".readCast()"));
	}

	@Test
	void oneOfSeveralValuesIsInMemoryOnlyWhenEveryOneIs() {
		List<String> violations = violations(SNAPSHOTS_IN_MEMORY, rows());
		assertThat(violations).noneMatch((violation) -> violation.contains(".readEither("));
		assertThat(violations).anySatisfy((violation) -> assertThat(violation)
			.startsWith("Method <" + RECEIVER + "KeptRows.readEitherOrGiven(")
			.contains(location(KeptRows.class, "// snapshot or given rows")));
	}

	@Test
	void aFieldKeepsWhatItIsAssignedTwoFieldsDeep() {
		List<String> violations = violations(SNAPSHOTS_IN_MEMORY, rows());
		assertThat(violations).noneMatch((violation) -> violation.contains(".readKept()")
				|| violation.contains(".readAlias()"));
		// A third field away is beyond the search: reported as the declared type says.
		assertThat(violations).anySatisfy((violation) -> assertThat(violation)
			.startsWith("Method <" + RECEIVER + "KeptRows.readAliasOfAlias()>")
			.contains(location(KeptRows.class, "// alias of alias rows")));
	}

	@Test
	void anInheritedFieldIsTheFieldItsSuperclassDeclares() {
		assertThat(violations(SNAPSHOTS_IN_MEMORY, rows()))
			.noneMatch((violation) -> violation.contains(".readInherited()"));
	}

	private static com.tngtech.archunit.core.domain.JavaClasses rows() {
		return importClasses(KeptRows.class, KeptRows.Inheriting.class, Streams.class);
	}

}
