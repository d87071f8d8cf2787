package io.github.vtstarter.archunit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import com.tngtech.archunit.ArchConfiguration;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.freeze.FreezingArchRule;
import com.tngtech.archunit.library.freeze.ViolationStore;
import io.github.vtstarter.archunit.fixtures.pinning.LegacyClientCaller;
import io.github.vtstarter.archunit.fixtures.pinning.ObjectWaitInLoop;
import io.github.vtstarter.archunit.fixtures.pinning.SynchronizedBlockWithSleep;
import io.github.vtstarter.archunit.fixtures.pinning.SynchronizedBlockWithStreamRead;
import io.github.vtstarter.archunit.fixtures.transitive.ReportController;
import io.github.vtstarter.archunit.fixtures.transitive.ReportRepository;
import io.github.vtstarter.archunit.fixtures.transitive.ReportService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.simpleName;
import static io.github.vtstarter.archunit.FixtureSource.importClasses;
import static io.github.vtstarter.archunit.FixtureSource.importPackage;
import static io.github.vtstarter.archunit.FixtureSource.violations;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The rule as an ArchUnit citizen: customisation, {@code because}, {@code allowEmptyShould},
 * scope and {@code FreezingArchRule}.
 */
class BlockingWhileSynchronizedRuleTest {

	@Test
	void descriptionsReadLikeArchUnitRules() {
		assertThat(VirtualThreadRules.NO_BLOCKING_CALLS_WHILE_SYNCHRONIZED.getDescription())
			.isEqualTo("classes should not call blocking methods while holding a monitor "
					+ "(synchronized method or block, directly or through up to 4 further calls)");
		assertThat(VirtualThreadRules.noBlockingCallsWhileSynchronized().withMaxDepth(1).getDescription())
			.isEqualTo("classes should not call blocking methods while holding a monitor (synchronized method or block)");
		// Built here, not in a constant that a class initializer built once.
		assertThat(VirtualThreadRules.noBlockingCallsWhileSynchronized().withMaxDepth(2).getDescription())
			.endsWith("(synchronized method or block, directly or through up to 1 further call)");
		BlockingWhileSynchronizedRule depth3 = VirtualThreadRules.noBlockingCallsWhileSynchronized().withMaxDepth(3);
		assertThat(depth3.getDescription())
			.endsWith("(synchronized method or block, directly or through up to 2 further calls)");
		assertThat(depth3.toString()).contains(depth3.getDescription());
		assertThat(VirtualThreadRules.noObjectWaitWhileSynchronized().getDescription())
			.startsWith("classes should not call Object.wait() while holding a monitor");
		assertThat(VirtualThreadRules.noBlockingCallsWhileSynchronized().ignoring(resideInAPackage("..legacy.."))
			.getDescription()).endsWith(", except for monitors held in classes that reside in a package '..legacy..'");
	}

	@Test
	void becauseIsAppendedToTheRule() {
		ArchRule rule = VirtualThreadRules.noBlockingCallsWhileSynchronized()
			.because("request threads are virtual threads on Java 21");
		assertThatThrownBy(() -> rule.check(importClasses(SynchronizedBlockWithSleep.class)))
			.hasMessageContaining("further calls), because request threads are virtual threads on Java 21' was violated");
	}

	@Test
	void asReplacesTheDescription() {
		ArchRule rule = VirtualThreadRules.noBlockingCallsWhileSynchronized().as("no pinning");
		assertThatThrownBy(() -> rule.check(importClasses(SynchronizedBlockWithSleep.class)))
			.hasMessageContaining("Rule 'no pinning' was violated (1 times)");
	}

	@Test
	void emptyImportFailsUnlessAllowed() {
		JavaClasses nothing = importPackage("io.github.vtstarter.archunit.fixtures.doesnotexist");
		assertThatThrownBy(() -> VirtualThreadRules.NO_BLOCKING_CALLS_WHILE_SYNCHRONIZED.check(nothing))
			.hasMessageContaining("failed to check any classes");
		assertThatNoException().isThrownBy(
				() -> VirtualThreadRules.NO_BLOCKING_CALLS_WHILE_SYNCHRONIZED.allowEmptyShould(true).check(nothing));
	}

	@Test
	void alsoBlockingAddsTheUsersOwnBlockingCalls() {
		JavaClasses classes = importClasses(LegacyClientCaller.class, LegacyClientCaller.LegacyClient.class);
		assertThatNoException().isThrownBy(() -> VirtualThreadRules.NO_BLOCKING_CALLS_WHILE_SYNCHRONIZED.check(classes));
		assertThat(violations(VirtualThreadRules.noBlockingCallsWhileSynchronized()
			.alsoBlocking(LegacyClientCaller.LegacyClient.class.getName(), "fetch"), classes)).singleElement()
			.asString()
			.contains("calls blocking method <io.github.vtstarter.archunit.fixtures.pinning.LegacyClientCaller$LegacyClient"
					+ ".fetch(java.lang.String)> in (LegacyClientCaller.java:");
		assertThat(violations(VirtualThreadRules.noBlockingCallsWhileSynchronized()
			.alsoBlocking(BlockingCall.of(LegacyClientCaller.LegacyClient.class, "f*")), classes)).hasSize(1);
	}

	@Test
	void notBlockingRemovesCatalogueMatches() {
		JavaClasses classes = importClasses(SynchronizedBlockWithSleep.class);
		assertThatNoException().isThrownBy(() -> VirtualThreadRules.noBlockingCallsWhileSynchronized()
			.notBlocking("java.lang.Thread", "sleep")
			.check(classes));
	}

	@Test
	void catalogueEntriesForAbsentClassesAreHarmless() throws Exception {
		// Reactor is on the test class path (Lettuce and Spring Integration, for the messaging tests): JDBC is not.
		assertThat(getClass().getClassLoader().getResource("org/springframework/jdbc/core/JdbcTemplate.class")).isNull();
		ArchRule rule = VirtualThreadRules.noBlockingCallsWhileSynchronized()
			.alsoBlocking("com.example.absent.Client", "call*");
		assertThat(violations(rule, importClasses(SynchronizedBlockWithStreamRead.class))).hasSize(1);
	}

	@Test
	void customCatalogueReplacesTheDefaults() {
		ArchRule rule = VirtualThreadRules.noBlockingCallsWhileSynchronized()
			.withCatalogue(BlockingCallCatalogue.empty().with("java.io.InputStream", "read"));
		assertThat(violations(rule, importClasses(SynchronizedBlockWithStreamRead.class, SynchronizedBlockWithSleep.class)))
			.singleElement()
			.asString()
			.contains("<java.io.InputStream.read(byte[])>");
	}

	@Test
	void invalidDepthIsRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> VirtualThreadRules.noBlockingCallsWhileSynchronized().withMaxDepth(0));
	}

	@Test
	void ignoringSkipsMonitorsHeldInMatchingClassesButStillFollowsCallsIntoThem() {
		JavaClasses pinning = importPackage("io.github.vtstarter.archunit.fixtures.pinning");
		assertThat(violations(VirtualThreadRules.NO_BLOCKING_CALLS_WHILE_SYNCHRONIZED, pinning)).isNotEmpty();
		assertThatNoException().isThrownBy(() -> VirtualThreadRules.noBlockingCallsWhileSynchronized()
			.ignoring(resideInAPackage("..fixtures.pinning.."))
			.check(pinning));

		JavaClasses chain = importClasses(ReportController.class, ReportService.class, ReportRepository.class);
		assertThat(violations(VirtualThreadRules.noBlockingCallsWhileSynchronized()
			.ignoring(simpleName("ReportRepository")), chain)).hasSize(1);
		assertThat(violations(VirtualThreadRules.noBlockingCallsWhileSynchronized()
			.ignoring(simpleName("ReportRepository"))
			.ignoring(simpleName("ReportController")), chain)).isEmpty();
	}

	@Test
	void freezingArchRuleAcceptsKnownViolationsAndReportsOnlyNewOnes() {
		InMemoryViolationStore store = new InMemoryViolationStore();
		ArchRule frozen = FreezingArchRule.freeze(VirtualThreadRules.NO_BLOCKING_CALLS_WHILE_SYNCHRONIZED).persistIn(store);
		JavaClasses legacy = importClasses(SynchronizedBlockWithSleep.class, SynchronizedBlockWithStreamRead.class);

		// First run: the violations of the legacy code are recorded, the build passes.
		assertThatNoException().isThrownBy(() -> frozen.check(legacy));
		assertThat(store.violations.get(VirtualThreadRules.NO_BLOCKING_CALLS_WHILE_SYNCHRONIZED.getDescription()))
			.hasSize(2);
		// Second run: still only known violations.
		assertThatNoException().isThrownBy(() -> frozen.check(legacy));
		// New pinning code fails the build, and only the new violation is reported.
		JavaClasses withNewCode = importClasses(SynchronizedBlockWithSleep.class, SynchronizedBlockWithStreamRead.class,
				ObjectWaitInLoop.class);
		assertThatThrownBy(() -> frozen.check(withNewCode)).hasMessageContaining("(1 times)")
			.hasMessageContaining("ObjectWaitInLoop.awaitReady()")
			.satisfies((error) -> assertThat(error.getMessage()).doesNotContain("SynchronizedBlockWithSleep"));
	}

	@Test
	void frozenViolationsSurviveLineNumberChanges() {
		InMemoryViolationStore store = new InMemoryViolationStore();
		ArchRule rule = VirtualThreadRules.NO_BLOCKING_CALLS_WHILE_SYNCHRONIZED;
		JavaClasses legacy = importClasses(SynchronizedBlockWithSleep.class);
		// As if the violation had been frozen before ten lines were added above the block.
		List<String> shifted = new ArrayList<>();
		for (String violation : violations(rule, legacy)) {
			shifted.add(violation.replaceAll("\\.java:(\\d+)\\)", ".java:1$1)"));
		}
		assertThat(shifted).allMatch((violation) -> violation.contains("(SynchronizedBlockWithSleep.java:1"));
		store.save(rule, shifted);
		assertThatNoException().isThrownBy(() -> FreezingArchRule.freeze(rule).persistIn(store).check(legacy));
	}

	@Test
	void freezingWorksWithArchUnitsDefaultTextFileStore(@TempDir Path storeDirectory) throws IOException {
		ArchConfiguration configuration = ArchConfiguration.get();
		configuration.setProperty("freeze.store.default.path", storeDirectory.toString());
		configuration.setProperty("freeze.store.default.allowStoreCreation", "true");
		try {
			ArchRule frozen = FreezingArchRule.freeze(VirtualThreadRules.NO_BLOCKING_CALLS_WHILE_SYNCHRONIZED);
			assertThatNoException().isThrownBy(() -> frozen.check(importClasses(SynchronizedBlockWithSleep.class)));
			assertThat(Files.list(storeDirectory)).isNotEmpty();
			assertThatNoException().isThrownBy(() -> frozen.check(importClasses(SynchronizedBlockWithSleep.class)));
			assertThatThrownBy(() -> frozen.check(importClasses(SynchronizedBlockWithSleep.class, ObjectWaitInLoop.class)))
				.hasMessageContaining("ObjectWaitInLoop.awaitReady()")
				.hasMessageContaining("(1 times)");
		}
		finally {
			configuration.reset();
		}
	}

	/**
	 * Keeps frozen violations in memory instead of ArchUnit's default text files.
	 */
	static class InMemoryViolationStore implements ViolationStore {

		final Map<String, List<String>> violations = new HashMap<>();

		@Override
		public void initialize(Properties properties) {
		}

		@Override
		public boolean contains(ArchRule rule) {
			return this.violations.containsKey(rule.getDescription());
		}

		@Override
		public void save(ArchRule rule, List<String> violations) {
			this.violations.put(rule.getDescription(), new ArrayList<>(violations));
		}

		@Override
		public List<String> getViolations(ArchRule rule) {
			return this.violations.get(rule.getDescription());
		}

	}

}
