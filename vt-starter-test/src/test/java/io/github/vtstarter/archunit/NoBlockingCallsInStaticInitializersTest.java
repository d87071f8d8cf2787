package io.github.vtstarter.archunit;

import com.tngtech.archunit.lang.ArchRule;
import io.github.vtstarter.archunit.fixtures.clinit.BlockingStaticInitializer;
import io.github.vtstarter.archunit.fixtures.clinit.QuietStaticInitializer;
import io.github.vtstarter.archunit.fixtures.clinit.SleepInStaticBlock;
import org.junit.jupiter.api.Test;

import static io.github.vtstarter.archunit.FixtureSource.importClasses;
import static io.github.vtstarter.archunit.FixtureSource.importPackage;
import static io.github.vtstarter.archunit.FixtureSource.location;
import static io.github.vtstarter.archunit.FixtureSource.violations;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;

/**
 * {@link VirtualThreadRules#NO_BLOCKING_CALLS_IN_STATIC_INITIALIZERS}: class initializers pin on
 * every Java, so the rule reports the same for Java 21 and 25.
 */
class NoBlockingCallsInStaticInitializersTest {

	private static final ArchRule RULE = VirtualThreadRules.NO_BLOCKING_CALLS_IN_STATIC_INITIALIZERS;

	private static final String EVERY_JAVA = "applies to every Java from 21 on (JEP 491 included): a virtual thread "
			+ "that runs a class initializer pins its carrier while it blocks, and every other thread that needs "
			+ "the class waits for the initializer; fix: do the blocking work outside the static initializer, "
			+ "e.g. in a method called at startup, or lazily on first use behind a ReentrantLock";

	private static final String FIXTURES = "io.github.vtstarter.archunit.fixtures.clinit.";

	@Test
	void blockingCallOfAStaticFieldInitializerIsReportedWithItsChain() {
		assertThat(violations(RULE, importClasses(BlockingStaticInitializer.class))).containsExactly("Static Initializer <"
				+ FIXTURES + "BlockingStaticInitializer.<clinit>()> calls blocking method "
				+ "<java.nio.file.Files.readAllLines(java.nio.file.Path)> through <" + FIXTURES
				+ "BlockingStaticInitializer.load()> in " + location(BlockingStaticInitializer.class, "// load") + " -> "
				+ "<java.nio.file.Files.readAllLines(java.nio.file.Path)> in "
				+ location(BlockingStaticInitializer.class, "// read") + "; " + EVERY_JAVA);
	}

	@Test
	void directAndTransitiveBlockingOfAStaticBlockAreReported() {
		assertThat(violations(RULE, importClasses(SleepInStaticBlock.class, SleepInStaticBlock.Warmup.class)))
			.containsExactlyInAnyOrder(
					"Static Initializer <" + FIXTURES + "SleepInStaticBlock.<clinit>()> calls blocking method "
							+ "<java.lang.Thread.sleep(long)> in " + location(SleepInStaticBlock.class, "// sleep") + "; "
							+ EVERY_JAVA,
					"Static Initializer <" + FIXTURES + "SleepInStaticBlock.<clinit>()> calls blocking method "
							+ "<java.net.Socket.connect(java.net.SocketAddress)> through <" + FIXTURES
							+ "SleepInStaticBlock$Warmup.warm()> in " + location(SleepInStaticBlock.class, "// warm")
							+ " -> <" + FIXTURES + "SleepInStaticBlock$Warmup.connect()> in "
							+ location(SleepInStaticBlock.class, "// connect") + " -> <java.net.Socket.connect("
							+ "java.net.SocketAddress)> in " + location(SleepInStaticBlock.class, "// socket") + "; "
							+ EVERY_JAVA);
	}

	@Test
	void sameFindingsOnJava21AndJava25() {
		var classes = importPackage("io.github.vtstarter.archunit.fixtures.clinit");
		assertThat(violations(VirtualThreadRules.forJava(25).noBlockingCallsInStaticInitializers(), classes))
			.hasSize(3)
			.containsExactlyInAnyOrderElementsOf(
					violations(VirtualThreadRules.forJava(21).noBlockingCallsInStaticInitializers(), classes));
	}

	@Test
	void staticInitializersThatDoNotBlockAndBlockingOutsideThemAreFine() {
		assertThatNoException().isThrownBy(() -> RULE.check(importClasses(QuietStaticInitializer.class)));
		assertThatNoException()
			.isThrownBy(() -> RULE.check(importPackage("io.github.vtstarter.archunit.fixtures.transitive")));
	}

	@Test
	void descriptionNamesClassInitializers() {
		assertThat(RULE.getDescription()).isEqualTo("classes should not call blocking methods in static initializers "
				+ "(<clinit>, directly or through up to 4 further calls)");
	}

}
