package io.github.vtstarter.archunit;

import java.util.List;

import com.tngtech.archunit.lang.ArchRule;
import io.github.vtstarter.archunit.fixtures.receiver.AForeignRegistry;
import io.github.vtstarter.archunit.fixtures.receiver.Assembly;
import io.github.vtstarter.archunit.fixtures.receiver.Binding;
import io.github.vtstarter.archunit.fixtures.receiver.Component;
import io.github.vtstarter.archunit.fixtures.receiver.Depot;
import io.github.vtstarter.archunit.fixtures.receiver.EscapingTasks;
import io.github.vtstarter.archunit.fixtures.receiver.FileComponent;
import io.github.vtstarter.archunit.fixtures.receiver.LocalTasks;
import io.github.vtstarter.archunit.fixtures.receiver.Outlet;
import io.github.vtstarter.archunit.fixtures.receiver.PositionalFile;
import io.github.vtstarter.archunit.fixtures.receiver.QuietComponent;
import io.github.vtstarter.archunit.fixtures.receiver.Registry;
import io.github.vtstarter.archunit.fixtures.receiver.ResultRows;
import io.github.vtstarter.archunit.fixtures.receiver.Sessions;
import io.github.vtstarter.archunit.fixtures.receiver.Shelf;
import io.github.vtstarter.archunit.fixtures.receiver.Streams;
import io.github.vtstarter.archunit.fixtures.receiver.Task;
import io.github.vtstarter.archunit.fixtures.receiver.TaskRunner;
import org.junit.jupiter.api.Test;

import static io.github.vtstarter.archunit.FixtureSource.importClasses;
import static io.github.vtstarter.archunit.FixtureSource.location;
import static io.github.vtstarter.archunit.FixtureSource.violations;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Dispatch that follows the receiver (issue 23): a call goes only to the methods of the classes its
 * object may have, and a chain through {@code this} stays with the class it started on.
 */
class ReceiverDispatchTest {

	private static final String RECEIVER = "io.github.vtstarter.archunit.fixtures.receiver.";

	private static final ArchRule RULE = VirtualThreadRules.forJava(21).noBlockingCallsWhileSynchronized();

	@Test
	void aCallOnThisInAnInheritedMethodGoesOnlyToTheClassTheChainStartedOn() {
		List<String> violations = assembly();
		assertThat(violations).noneMatch((violation) -> violation.contains(".startQuiet("));
		assertThat(violations).anySatisfy((violation) -> assertThat(violation)
			.startsWith("Method <" + RECEIVER + "Assembly.startAny(" + RECEIVER + "Component)>")
			.contains("through <" + RECEIVER + "Component.start()> in " + location(Assembly.class, "// any component")
					+ " -> <" + RECEIVER + "Component.startInternal()> implemented by <" + RECEIVER
					+ "FileComponent.startInternal()> in " + location(Component.class, "// template")));
	}

	@Test
	void aCallOnThisInAnInheritedMethodSkipsTheClassesThatOverrideIt() {
		List<String> violations = violations(RULE, importClasses(PositionalFile.class, PositionalFile.MemoryFile.class,
				PositionalFile.ReopeningFile.class));
		// A ReopeningFile reads at a position with its own method: PositionalFile.read(long) never runs for it.
		assertThat(violations).noneMatch((violation) -> violation.contains("PositionalFile.read(long)"));
		// Another object than this may be one, even in a method that ReopeningFile overrides.
		assertThat(violations).anySatisfy((violation) -> assertThat(violation)
			.startsWith("Method <" + RECEIVER + "PositionalFile.readOther(")
			.contains("implemented by <" + RECEIVER + "PositionalFile$ReopeningFile.position(long)> in "
					+ location(PositionalFile.class, "// other file")));
	}

	@Test
	void aCallOnThisInAMethodAnOverrideRunsThroughSuperStillGoesToThatClass() {
		List<String> violations = violations(RULE, importClasses(PositionalFile.class, PositionalFile.MemoryFile.class,
				PositionalFile.ReopeningFile.class, PositionalFile.CountingFile.class));
		assertThat(violations).anySatisfy((violation) -> assertThat(violation)
			.startsWith("Method <" + RECEIVER + "PositionalFile.read(long)> holds the monitor")
			.contains("implemented by <" + RECEIVER + "PositionalFile$CountingFile.position(long)> in "
					+ location(PositionalFile.class, "// inherited read")));
		assertThat(violations).noneMatch((violation) -> violation.contains("ReopeningFile.position("));
	}

	@Test
	void aCallRightAfterOneThatReturnedOnTheSameFieldSkipsTheClassesWhoseMethodNeverReturns() {
		List<String> violations = violations(RULE, importClasses(ResultRows.class, ResultRows.Rows.class,
				ResultRows.MemoryRows.class, ResultRows.CursorRows.class));
		// A cursor's beforeFirst() only throws: the next() after it is the rows in memory.
		assertThat(violations).noneMatch((violation) -> violation.startsWith("Method <" + RECEIVER + "ResultRows.first()>"));
		assertThat(violations).anySatisfy((violation) -> assertThat(violation)
			.startsWith("Method <" + RECEIVER + "ResultRows.next()>")
			.contains(location(ResultRows.class, "// any rows")));
		// Another call, or a store into the field, between the two: the field may hold a cursor again.
		assertThat(violations).anySatisfy((violation) -> assertThat(violation)
			.startsWith("Method <" + RECEIVER + "ResultRows.firstCounted()>")
			.contains(location(ResultRows.class, "// after another call")));
		assertThat(violations).anySatisfy((violation) -> assertThat(violation)
			.startsWith("Method <" + RECEIVER + "ResultRows.firstOfNew(boolean)>")
			.contains(location(ResultRows.class, "// after a store")));
		// In an exception handler: what threw may have been any call of the protected code.
		assertThat(violations).anySatisfy((violation) -> assertThat(violation)
			.startsWith("Method <" + RECEIVER + "ResultRows.nextAfterFailure()>")
			.contains(location(ResultRows.class, "// in a handler")));
	}

	@Test
	void aFieldThatOnlyEverHoldsOneClassGoesToThatClass() {
		assertThat(assembly()).noneMatch((violation) -> violation.contains(".startOwn("));
	}

	@Test
	void anImplementationThatNeverReturnsAddsNothingToWhatTheCallReturns() {
		List<String> violations = violations(RULE, importClasses(Shelf.class, Shelf.Box.class, Shelf.MemoryBox.class,
				Shelf.SocketBox.class, Shelf.MemoryShelf.class, Shelf.ClosedShelf.class));
		// ClosedShelf.open() only throws: the box read is a MemoryBox, never the SocketBox made elsewhere.
		assertThat(violations).noneMatch((violation) -> violation.contains(".readOwnBox("));
		assertThat(violations).anySatisfy((violation) -> assertThat(violation)
			.startsWith("Method <" + RECEIVER + "Shelf$SocketBox.readFromSocket()>")
			.contains(location(Shelf.class, "// socket box")));
	}

	@Test
	void aFieldHoldsOnlyObjectsOnWhichItsConstructorsCallsReturned() {
		List<String> violations = violations(RULE, importClasses(Depot.class, Depot.Lobby.class, Shelf.class,
				Shelf.Box.class, Shelf.MemoryBox.class, Shelf.MemoryShelf.class, Shelf.ClosedShelf.class));
		// A depot's constructor opened its shelf, which a closed shelf never does: it is not one.
		assertThat(violations).noneMatch((violation) -> violation.startsWith("Method <" + RECEIVER + "Depot.count()>"));
		// In the constructor itself, before the call, it may still be one.
		assertThat(violations).anySatisfy((violation) -> assertThat(violation)
			.startsWith("Constructor <" + RECEIVER + "Depot.<init>(" + RECEIVER + "Shelf, boolean)>")
			.contains(location(Depot.class, "// before opening")));
		assertThat(violations).anySatisfy((violation) -> assertThat(violation)
			.startsWith("Method <" + RECEIVER + "Depot$Lobby.count()>")
			.contains("implemented by <" + RECEIVER + "Shelf$ClosedShelf.stock()> in "
					+ location(Depot.class, "// unopened shelf")));
	}

	@Test
	void aFieldReadByAHelperTheConstructorCallsBeforeItsCallMayHoldAnything() {
		List<String> violations = violations(RULE, importClasses(Depot.class, Depot.Audited.class, Shelf.class,
				Shelf.Box.class, Shelf.MemoryBox.class, Shelf.MemoryShelf.class, Shelf.ClosedShelf.class));
		// The helper reads the shelf before the constructor opens it: a closed shelf is still possible there.
		assertThat(violations).anySatisfy((violation) -> assertThat(violation)
			.startsWith("Method <" + RECEIVER + "Depot$Audited.countFirst()>")
			.contains("implemented by <" + RECEIVER + "Shelf$ClosedShelf.stock()> in "
					+ location(Depot.class, "// counted before opening")));
		assertThat(violations).noneMatch((violation) -> violation.startsWith("Method <" + RECEIVER + "Depot.count()>"));
	}

	@Test
	void aMethodThatNeverReturnsStandsForTheOverridesOfClassesOutsideTheAnalysis() {
		List<String> violations = violations(RULE, importClasses(Outlet.class, Shelf.Box.class, Shelf.MemoryBox.class,
				Shelf.SocketBox.class));
		// Outlet.open() only throws, but the object is a SocketOutlet, which the analysis does not see.
		assertThat(violations).anySatisfy((violation) -> assertThat(violation)
			.startsWith("Method <" + RECEIVER + "Outlet.readFromSubclass()>")
			.contains("implemented by <" + RECEIVER + "Shelf$SocketBox.read()> in "
					+ location(Outlet.class, "// outlet outside the analysis")));
	}

	@Test
	void aCallOnSuperReturnsWhatTheRunningObjectsMethodsReturn() {
		List<String> violations = violations(RULE, importClasses(Sessions.class, Sessions.Session.class,
				Sessions.Command.class, Sessions.TracedSession.class, Sessions.TracingSession.class,
				Sessions.TracedRemoteSession.class,
				Sessions.TracedLocalSession.class, Sessions.RemoteCommand.class, Sessions.LocalCommand.class,
				Sessions.TracedRemoteClient.class, Sessions.AnyClient.class));
		// super.traced() runs TracedSession.traced() for the TracedRemoteSession: its this.prepare() is remote,
		// whatever a sibling subclass's prepare() makes.
		assertThat(violations).noneMatch((violation) -> violation.startsWith("Method <" + RECEIVER
				+ "Sessions$TracedRemoteClient.refresh()>"));
		assertThat(violations).anySatisfy((violation) -> assertThat(violation)
			.startsWith("Method <" + RECEIVER + "Sessions$AnyClient.refresh(" + RECEIVER + "Sessions$Session)>")
			.contains("implemented by <" + RECEIVER + "Sessions$LocalCommand.execute()>"));
	}

	@Test
	void aCallOnThisReturnsWhatTheRunningObjectsMethodReturns() {
		List<String> violations = violations(RULE, importClasses(Sessions.class, Sessions.Session.class,
				Sessions.Command.class, Sessions.RemoteSession.class, Sessions.LocalSession.class,
				Sessions.RemoteCommand.class, Sessions.LocalCommand.class, Sessions.RemoteClient.class,
				Sessions.AnyClient.class));
		// A remote session's this.prepare() is a RemoteCommand, whichever sessions exist besides.
		assertThat(violations).noneMatch((violation) -> violation.startsWith("Method <" + RECEIVER
				+ "Sessions$RemoteClient.refresh()>"));
		assertThat(violations).anySatisfy((violation) -> assertThat(violation)
			.startsWith("Method <" + RECEIVER + "Sessions$AnyClient.refresh(" + RECEIVER + "Sessions$Session)>")
			.contains("implemented by <" + RECEIVER + "Sessions$LocalCommand.execute()>"));
	}

	@Test
	void aCastNarrowsTheReceiver() {
		assertThat(assembly()).noneMatch((violation) -> violation.contains(".startCast("));
	}

	@Test
	void anObjectCreatedInViewHasThatClass() {
		assertThat(assembly()).noneMatch((violation) -> violation.contains(".startCreated("));
	}

	@Test
	void aLocalVariableHoldsWhatWasLastStoredInIt() {
		assertThat(assembly()).noneMatch((violation) -> violation.contains(".startReplaced("));
	}

	@Test
	void aCastFromACollectionElementNarrowsTheReceiver() {
		assertThat(assembly()).noneMatch((violation) -> violation.contains(".startAll("));
	}

	@Test
	void theTemplateMethodItselfStillReachesEveryImplementation() {
		assertThat(assembly()).anySatisfy((violation) -> assertThat(violation)
			.startsWith("Method <" + RECEIVER + "Component.start()> holds the monitor")
			.contains("implemented by <" + RECEIVER + "FileComponent.startInternal()>"));
	}

	@Test
	void anAnonymousClassThatNeverLeavesTheMethodThatCreatesItRunsOnlyThere() {
		List<String> violations = violations(RULE, importClasses(Task.class, TaskRunner.class, LocalTasks.class,
				anonymous(LocalTasks.class)));
		assertThat(violations).noneMatch((violation) -> violation.contains(".runGiven("));
		assertThat(violations).anySatisfy((violation) -> assertThat(violation)
			.startsWith("Method <" + RECEIVER + "LocalTasks.runHere()>")
			.contains(location(LocalTasks.class, "// local sleep")));
	}

	@Test
	void anAnonymousClassThatLeavesTheMethodMayBeAnyObjectOfItsType() {
		List<String> violations = violations(RULE, importClasses(Task.class, TaskRunner.class, LocalTasks.class,
				anonymous(LocalTasks.class), EscapingTasks.class, anonymous(EscapingTasks.class)));
		assertThat(violations).anySatisfy((violation) -> assertThat(violation)
			.startsWith("Method <" + RECEIVER + "TaskRunner.runGiven(")
			.contains("implemented by <" + RECEIVER + "EscapingTasks$1.run()>")
			.doesNotContain("LocalTasks$1"));
	}

	@Test
	void ofEquallyShortChainsTheOneThroughTheCallersOwnClassIsShown() {
		List<String> violations = violations(RULE, importClasses(Registry.class, AForeignRegistry.class, Binding.class,
				Binding.Owner.class, Component.class, FileComponent.class, QuietComponent.class));
		assertThat(violations).anySatisfy((violation) -> assertThat(violation)
			.startsWith("Method <" + RECEIVER + "Registry.destroy()>")
			.contains("implemented by <" + RECEIVER + "Registry.stop(" + RECEIVER + "Binding)> in "
					+ location(Registry.class, "// stop binding")));
	}

	@Test
	void aResultKnownToLiveInMemoryIsNotBlocking() {
		List<String> violations = violations(RULE, importClasses(Streams.class, Streams.QuietChannel.class));
		assertThat(violations).noneMatch((violation) -> violation.contains(".writeToMemory("));
		assertThat(violations).anySatisfy((violation) -> assertThat(violation)
			.startsWith("Method <" + RECEIVER + "Streams.writeTo(")
			.contains(location(Streams.class, "// any stream")));
	}

	@Test
	void anExemptCallIsNotFollowedIntoWhatItRuns() {
		ArchRule exempting = VirtualThreadRules.forJava(21).noBlockingCallsWhileSynchronized()
			.withCatalogue(BlockingCallCatalogue.defaults()
				.without(BlockingCall.of(Streams.QuietChannel.class, "send").because("writes in non-blocking mode")));
		List<String> classes = violations(RULE, importClasses(Streams.class, Streams.QuietChannel.class));
		assertThat(classes).anySatisfy((violation) -> assertThat(violation)
			.startsWith("Method <" + RECEIVER + "Streams.send(")
			.contains(location(Streams.class, "// non-blocking write")));
		assertThat(violations(exempting, importClasses(Streams.class, Streams.QuietChannel.class)))
			.noneMatch((violation) -> violation.contains(".send("));
	}

	@Test
	void callsOnResultsTheCatalogueKnowsToLiveInMemoryDoNotBlock() {
		assertThat(violations(RULE, importClasses(Streams.class)))
			.anySatisfy((violation) -> assertThat(violation).startsWith("Method <" + RECEIVER + "Streams.readSnapshot()>"));
		ArchRule inMemory = VirtualThreadRules.forJava(21).noBlockingCallsWhileSynchronized()
			.withCatalogue(BlockingCallCatalogue.defaults()
				.withInMemoryResults(BlockingCall.of(Streams.class, "snapshot").because("rows copied into memory")));
		assertThat(violations(inMemory, importClasses(Streams.class)))
			.noneMatch((violation) -> violation.contains(".readSnapshot("));
	}

	@Test
	void resultsOfMethodsThatOnlyReturnInMemoryResultsDoNotBlockEither() {
		ArchRule inMemory = VirtualThreadRules.forJava(21).noBlockingCallsWhileSynchronized()
			.withCatalogue(BlockingCallCatalogue.defaults()
				.withInMemoryResults(BlockingCall.of(Streams.class, "snapshot").because("rows copied into memory")));
		assertThat(violations(RULE, importClasses(Streams.class))).anySatisfy((violation) -> assertThat(violation)
			.startsWith("Method <" + RECEIVER + "Streams.readCopy()>")
			.contains(location(Streams.class, "// copy rows")));
		List<String> violations = violations(inMemory, importClasses(Streams.class));
		assertThat(violations).noneMatch((violation) -> violation.contains(".readCopy()")
				|| violation.contains(".readCopyOfCopyOfCopy()"));
		// Four steps away is beyond the search; a method that may return something else is no producer.
		assertThat(violations).anySatisfy((violation) -> assertThat(violation)
			.startsWith("Method <" + RECEIVER + "Streams.readFourthCopy()>")
			.contains(location(Streams.class, "// fourth copy rows")));
		assertThat(violations).anySatisfy((violation) -> assertThat(violation)
			.startsWith("Method <" + RECEIVER + "Streams.readCopyOrGiven(")
			.contains(location(Streams.class, "// copy or given rows")));
	}

	private static List<String> assembly() {
		return violations(RULE, importClasses(Assembly.class, Component.class, FileComponent.class,
				QuietComponent.class));
	}

	private static Class<?> anonymous(Class<?> enclosing) {
		try {
			return Class.forName(enclosing.getName() + "$1");
		}
		catch (ClassNotFoundException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
