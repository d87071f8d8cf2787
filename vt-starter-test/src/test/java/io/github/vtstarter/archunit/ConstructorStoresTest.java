package io.github.vtstarter.archunit;

import java.util.List;

import com.tngtech.archunit.lang.ArchRule;
import io.github.vtstarter.archunit.fixtures.stored.ReopenedResultSet;
import io.github.vtstarter.archunit.fixtures.stored.ResultSet;
import io.github.vtstarter.archunit.fixtures.stored.Rows;
import io.github.vtstarter.archunit.fixtures.stored.Statement;
import io.github.vtstarter.archunit.fixtures.stored.Store;
import org.junit.jupiter.api.Test;

import static io.github.vtstarter.archunit.FixtureSource.importPackage;
import static io.github.vtstarter.archunit.FixtureSource.location;
import static io.github.vtstarter.archunit.FixtureSource.violations;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A constructor that stores what it was given into a field of its own object and then calls a method on that
 * field calls it on what it was given (issue 23, Connector/J's {@code ResultSetImpl(rows, ...)}), where only
 * constructors store that field: a constructor runs once for an object, so nothing can have stored another
 * value in between. Where another method stores it, or the store did not happen on every path, the call may be
 * on anything the field holds.
 */
class ConstructorStoresTest {

	private static final String STATEMENT = "Method <" + Statement.class.getName() + ".";

	private static final String CACHE = "Method <" + Store.Cache.class.getName() + ".";

	private static final ArchRule RULE = VirtualThreadRules.forJava(21).noBlockingCallsWhileSynchronized();

	private static List<String> statements() {
		return violations(RULE, importPackage(Statement.class.getPackageName()));
	}

	@Test
	void aCallOnAFieldTheConstructorJustStoredRunsOnWhatItWasGiven() {
		assertThat(statements()).noneMatch((violation) -> violation.startsWith(STATEMENT + "inMemory()"));
	}

	@Test
	void aFieldStoredOnEveryPathHoldsWhatOneOfThemStored() {
		assertThat(statements()).noneMatch((violation) -> violation.startsWith(STATEMENT + "empty()"))
			.noneMatch((violation) -> violation.startsWith(STATEMENT + "sharedOrNew(boolean)"))
			.anySatisfy((violation) -> assertThat(violation).startsWith(STATEMENT + "streamingOrNot(boolean)")
				.contains(location(Statement.class, "// may stream"))
				.contains(location(ResultSet.class, "// closes the streaming or the memory rows"))
				.contains(location(Rows.class, "// drains the socket")));
	}

	@Test
	void whatItWasGivenMayBlock() {
		assertThat(statements()).anySatisfy((violation) -> assertThat(violation).startsWith(STATEMENT + "streaming()")
			.contains(location(Statement.class, "// passes streaming rows"))
			.contains(location(ResultSet.class, "// closes the rows it was given"))
			.contains(location(Rows.class, "// drains the socket")));
	}

	@Test
	void aFieldStoredOnOnlyOnePathHoldsWhatAnotherConstructorStored() {
		assertThat(statements()).anySatisfy((violation) -> assertThat(violation)
			.startsWith(STATEMENT + "inMemoryKeptOrNot(boolean)")
			.contains(location(Statement.class, "// passes rows it may not keep"))
			.contains(location(ResultSet.class, "// closes the rows given, or the streaming ones"))
			.contains(location(Rows.class, "// drains the socket")));
	}

	@Test
	void aFieldAnotherMethodStoresMayHoldWhatThatMethodStored() {
		assertThat(statements()).anySatisfy((violation) -> assertThat(violation)
			.startsWith(STATEMENT + "inMemoryReopened()")
			.contains(location(Statement.class, "// passes rows that are replaced"))
			.contains(location(ReopenedResultSet.class, "// closes the reopened rows"))
			.contains(location(Rows.class, "// drains the socket")));
	}

	@Test
	void aCallOnAnyOtherObjectOfTheFieldsTypeStillRunsEveryClass() {
		assertThat(statements()).noneMatch((violation) -> violation.startsWith(CACHE + "copy("))
			.anySatisfy((violation) -> assertThat(violation).startsWith(CACHE + "flush(")
				.contains(location(Store.class, "// saves any store"))
				.contains(location(Store.class, "// writes the file")));
	}

}
