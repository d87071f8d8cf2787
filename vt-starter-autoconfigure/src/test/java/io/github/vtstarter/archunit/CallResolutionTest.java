package io.github.vtstarter.archunit;

import java.util.List;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
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

	// Imported by each test that needs them, not once in a static field: the analysis caches parsed class files
	// per imported class, and PIT runs every test once per mutant in the same JVM.
	private JavaClasses dispatchClasses;

	private List<String> violations;

	@Test
	void aMethodInheritedFromAnAnalysedSuperclassIsFollowed() {
		assertThat(violation("loadDerived")).contains("through <" + DISPATCH
				+ "Derived.load(java.nio.file.Path)> implemented by <" + DISPATCH + "Base.load(java.nio.file.Path)> in "
				+ location(Caller.class, "// load derived") + " -> <java.nio.file.Files.readAllBytes(java.nio.file.Path)> in "
				+ location(Base.class, "// base read"));
	}

	@Test
	void aDefaultMethodInheritedThroughAnInterfaceOrASuperclassIsFollowed() {
		assertThat(violation("greetHost")).contains("through <" + DISPATCH + "Host.greet()> implemented by <" + DISPATCH
				+ "Greeter.greet()> in " + location(Caller.class, "// greet host") + " -> <java.lang.Thread.sleep(long)> in "
				+ location(Greeter.class, "// default sleep"));
		assertThat(violation("greetVisitor")).contains("implemented by <" + DISPATCH + "Greeter.greet()> in "
				+ location(Caller.class, "// greet visitor"));
	}

	@Test
	void ofSeveralImplementationsTheFirstWithTheShortestChainIsShown() {
		// Two implementations block right away: the one the analysis meets first, in ArchUnit's order of classes.
		Class<?> first = dispatchClasses().stream()
			.filter((type) -> type.getSimpleName().endsWith("DirectSink"))
			.findFirst()
			.map(JavaClass::reflect)
			.orElseThrow();
		assertThat(violation("putLine")).contains("through <" + DISPATCH + "Sink.put(java.lang.String)> implemented by <"
				+ first.getName() + ".put(java.lang.String)> in " + location(Caller.class, "// put")
				+ " -> <java.lang.Thread.sleep(long)> in " + location(first, "sleep") + ";");
	}

	@Test
	void ofSeveralCallsInAMethodTheShortestChainIsShownAndTheFirstOfEquallyShortOnes() {
		assertThat(violation("work(")).contains("through <" + DISPATCH + "Worker.work()> in "
				+ location(Caller.class, "// work once") + " -> <java.lang.Thread.sleep(long)> in "
				+ location(Worker.class, "// work sleep") + ";");
		assertThat(violation("twoHelpers")).contains(" -> <" + DISPATCH + "Worker.pause()> in "
				+ location(Worker.class, "// first helper") + " -> <java.lang.Thread.sleep(long)> in "
				+ location(Worker.class, "// pause sleep") + ";");
	}

	@Test
	void aMethodReachedFromTwoMonitorsIsReportedAtBoth() {
		assertThat(violation("workAgain")).contains(location(Caller.class, "// work again"));
	}

	@Test
	void aBlockingCallInAConstructorIsReportedForTheConstructor() {
		assertThat(violations(VirtualThreadRules.forJava(21).noBlockingCallsWhileSynchronized(),
				importClasses(ParserCases.class)))
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

	private JavaClasses dispatchClasses() {
		if (this.dispatchClasses == null) {
			this.dispatchClasses = importClasses(Caller.class, Greeter.class, PoliteGreeter.class, Host.class,
					Visitor.class, Base.class, Derived.class, Sink.class, ADirectSink.class, BSlowSink.class,
					CDirectSink.class, Worker.class);
		}
		return this.dispatchClasses;
	}

	private String violation(String method) {
		if (this.violations == null) {
			this.violations = violations(VirtualThreadRules.forJava(21).noBlockingCallsWhileSynchronized(),
					dispatchClasses());
		}
		List<String> matching = this.violations.stream()
			.filter((violation) -> violation.startsWith("Method <" + DISPATCH + "Caller." + method))
			.toList();
		assertThat(matching).as(method + " in " + this.violations).hasSize(1);
		return matching.get(0);
	}

}
