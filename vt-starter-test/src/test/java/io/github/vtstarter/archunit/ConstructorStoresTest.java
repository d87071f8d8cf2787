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

	// The statement's method is reported through the line that passes the rows, the close of the result set's
	// field, and the streaming rows' drain.
	private static void assertDrainsTheSocket(List<String> statements, String method, String passes,
			Class<?> resultSet, String closes) {
		assertThat(statements).anySatisfy((violation) -> assertThat(violation).startsWith(STATEMENT + method)
			.contains(location(Statement.class, passes))
			.contains(location(resultSet, closes))
			.contains(location(Rows.class, "// drains the socket")));
	}

	@Test
	void aCallOnAFieldTheConstructorJustStoredRunsOnWhatItWasGiven() {
		assertThat(statements()).noneMatch((violation) -> violation.startsWith(STATEMENT + "inMemory()"));
	}

	@Test
	void aFieldStoredOnEveryPathHoldsWhatOneOfThemStored() {
		List<String> statements = statements();
		assertThat(statements).noneMatch((violation) -> violation.startsWith(STATEMENT + "empty()"))
			.noneMatch((violation) -> violation.startsWith(STATEMENT + "sharedOrNew(boolean)"));
		assertDrainsTheSocket(statements, "streamingOrNot(boolean)", "// may stream", ResultSet.class,
				"// closes the streaming or the memory rows");
	}

	@Test
	void whatItWasGivenMayBlock() {
		assertDrainsTheSocket(statements(), "streaming()", "// passes streaming rows", ResultSet.class,
				"// closes the rows it was given");
	}

	@Test
	void aFieldStoredOnOnlyOnePathHoldsWhatAnotherConstructorStored() {
		assertDrainsTheSocket(statements(), "inMemoryKeptOrNot(boolean)", "// passes rows it may not keep",
				ResultSet.class, "// closes the rows given, or the streaming ones");
	}

	@Test
	void aFieldAnotherMethodStoresMayHoldWhatThatMethodStored() {
		assertDrainsTheSocket(statements(), "inMemoryReopened()", "// passes rows that are replaced",
				ReopenedResultSet.class, "// closes the reopened rows");
	}

	@Test
	void aCallOnAnyOtherObjectOfTheFieldsTypeStillRunsEveryClass() {
		assertThat(statements()).noneMatch((violation) -> violation.startsWith(CACHE + "copy("))
			.anySatisfy((violation) -> assertThat(violation).startsWith(CACHE + "flush(")
				.contains(location(Store.class, "// saves any store"))
				.contains(location(Store.class, "// writes the file")));
	}

}
