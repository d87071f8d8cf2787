package io.github.vtstarter.archunit;

import java.util.List;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.lang.ArchRule;
import io.github.vtstarter.archunit.fixtures.bytecode.ParserCases;
import io.github.vtstarter.archunit.fixtures.dispatch.ADirectSink;
import io.github.vtstarter.archunit.fixtures.dispatch.BSlowSink;
import io.github.vtstarter.archunit.fixtures.dispatch.Base;
import io.github.vtstarter.archunit.fixtures.dispatch.CDirectSink;
import io.github.vtstarter.archunit.fixtures.dispatch.Caller;
import io.github.vtstarter.archunit.fixtures.dispatch.Derived;
import io.github.vtstarter.archunit.fixtures.dispatch.Greeter;
import io.github.vtstarter.archunit.fixtures.dispatch.Host;
import io.github.vtstarter.archunit.fixtures.dispatch.PoliteGreeter;
import io.github.vtstarter.archunit.fixtures.dispatch.Sink;
import io.github.vtstarter.archunit.fixtures.dispatch.Visitor;
import io.github.vtstarter.archunit.fixtures.dispatch.WaitThreeCallsDown;
import io.github.vtstarter.archunit.fixtures.dispatch.Worker;
import org.junit.jupiter.api.Test;

import static io.github.vtstarter.archunit.FixtureSource.importClasses;
import static io.github.vtstarter.archunit.FixtureSource.location;
import static io.github.vtstarter.archunit.FixtureSource.violations;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which method a call under a monitor runs, as the JVM would dispatch it, and which of several
 * blocking chains the message shows.
 */
class CallResolutionTest {

	private static final String DISPATCH = "io.github.vtstarter.archunit.fixtures.dispatch.";

	private static final ArchRule RULE = VirtualThreadRules.forJava(21).noBlockingCallsWhileSynchronized();

	@Test
	void aMethodInheritedFromAnAnalysedSuperclassIsFollowed() {
		assertThat(violation(callerWith(Base.class, Derived.class), "loadDerived")).contains("through <" + DISPATCH
				+ "Derived.load(java.nio.file.Path)> implemented by <" + DISPATCH + "Base.load(java.nio.file.Path)> in "
				+ location(Caller.class, "// load derived") + " -> <java.nio.file.Files.readAllBytes(java.nio.file.Path)> in "
				+ location(Base.class, "// base read"));
	}

	@Test
	void aDefaultMethodInheritedThroughAnInterfaceOrASuperclassIsFollowed() {
		List<String> violations = callerWith(Greeter.class, PoliteGreeter.class, Host.class, Visitor.class);
		assertThat(violation(violations, "greetHost")).contains("through <" + DISPATCH + "Host.greet()> implemented by <" + DISPATCH
				+ "Greeter.greet()> in " + location(Caller.class, "// greet host") + " -> <java.lang.Thread.sleep(long)> in "
				+ location(Greeter.class, "// default sleep"));
		assertThat(violation(violations, "greetVisitor")).contains("implemented by <" + DISPATCH + "Greeter.greet()> in "
				+ location(Caller.class, "// greet visitor"));
	}

	@Test
	void ofSeveralImplementationsTheFirstWithTheShortestChainIsShown() {
		// Two implementations block right away: the one the analysis meets first, in ArchUnit's order of classes.
		JavaClasses classes = importClasses(Caller.class, Sink.class, ADirectSink.class, BSlowSink.class,
				CDirectSink.class);
		Class<?> first = classes.stream()
			.filter((type) -> type.getSimpleName().endsWith("DirectSink"))
			.findFirst()
			.map(JavaClass::reflect)
			.orElseThrow();
		assertThat(violation(violations(RULE, classes), "putLine")).contains("through <" + DISPATCH + "Sink.put(java.lang.String)> implemented by <"
				+ first.getName() + ".put(java.lang.String)> in " + location(Caller.class, "// put")
				+ " -> <java.lang.Thread.sleep(long)> in " + location(first, "sleep") + ";");
	}

	@Test
	void ofSeveralCallsInAMethodTheShortestChainIsShownAndTheFirstOfEquallyShortOnes() {
		List<String> violations = callerWith(Worker.class);
		assertThat(violation(violations, "work(")).contains("through <" + DISPATCH + "Worker.work()> in "
				+ location(Caller.class, "// work once") + " -> <java.lang.Thread.sleep(long)> in "
				+ location(Worker.class, "// work sleep") + ";");
		assertThat(violation(violations, "twoHelpers")).contains(" -> <" + DISPATCH + "Worker.pause()> in "
				+ location(Worker.class, "// first helper") + " -> <java.lang.Thread.sleep(long)> in "
				+ location(Worker.class, "// pause sleep") + ";");
	}

	@Test
	void aMethodReachedFromTwoMonitorsIsReportedAtBoth() {
		assertThat(violation(callerWith(Worker.class), "workAgain")).contains(location(Caller.class, "// work again"));
	}

	@Test
	void aBlockingCallInAConstructorIsReportedForTheConstructor() {
		assertThat(violations(RULE, importClasses(ParserCases.class)))
			.anySatisfy((violation) -> assertThat(violation).startsWith("Constructor <"
					+ "io.github.vtstarter.archunit.fixtures.bytecode.ParserCases.<init>(java.io.Writer)> holds the monitor "
					+ "of the synchronized block at " + location(ParserCases.class, "// constructor region")));
	}

	@Test
	void waitBelowAMonitorIsReportedOnceAtTheMonitor() {
		assertThat(violations(VirtualThreadRules.noObjectWaitWhileSynchronized(), importClasses(WaitThreeCallsDown.class)))
			.singleElement()
			.asString()
			.startsWith("Method <" + DISPATCH + "WaitThreeCallsDown.awaitUnderLock()> holds the monitor of the "
					+ "synchronized block at " + location(WaitThreeCallsDown.class, "// wait region"));
	}

	@Test
	void waitBelowAMonitorBeyondTheMaximumDepthIsReportedWhereItIsCalled() {
		assertThat(violations(VirtualThreadRules.noObjectWaitWhileSynchronized().withMaxDepth(3),
				importClasses(WaitThreeCallsDown.class)))
			.singleElement()
			.asString()
			.startsWith("Method <" + DISPATCH + "WaitThreeCallsDown.third()> calls <java.lang.Object.wait(long)> in "
					+ location(WaitThreeCallsDown.class, "// third wait") + ", which runs only while the caller holds");
	}

	// Imported by each test, only the classes it needs, never once in a static field: the analysis caches parsed
	// class files per imported class, and PIT runs every test once per mutant in the same JVM.
	private static List<String> callerWith(Class<?>... classes) {
		Class<?>[] imported = new Class<?>[classes.length + 1];
		imported[0] = Caller.class;
		System.arraycopy(classes, 0, imported, 1, classes.length);
		return violations(RULE, importClasses(imported));
	}

	private static String violation(List<String> violations, String method) {
		List<String> matching = violations.stream()
			.filter((violation) -> violation.startsWith("Method <" + DISPATCH + "Caller." + method))
			.toList();
		assertThat(matching).as(method + " in " + violations).hasSize(1);
		return matching.get(0);
	}

}
