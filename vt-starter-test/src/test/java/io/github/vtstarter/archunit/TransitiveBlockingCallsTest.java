package io.github.vtstarter.archunit;

import java.util.List;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.lang.ArchRule;
import io.github.vtstarter.archunit.fixtures.transitive.AuditSink;
import io.github.vtstarter.archunit.fixtures.transitive.AuditTrail;
import io.github.vtstarter.archunit.fixtures.transitive.DeepChain;
import io.github.vtstarter.archunit.fixtures.transitive.Exporter;
import io.github.vtstarter.archunit.fixtures.transitive.FileAuditSink;
import io.github.vtstarter.archunit.fixtures.transitive.InMemoryAuditSink;
import io.github.vtstarter.archunit.fixtures.transitive.ReportController;
import io.github.vtstarter.archunit.fixtures.transitive.ReportRepository;
import io.github.vtstarter.archunit.fixtures.transitive.ReportService;
import io.github.vtstarter.archunit.fixtures.transitive.SocketExporter;
import org.junit.jupiter.api.Test;

import static io.github.vtstarter.archunit.FixtureSource.importClasses;
import static io.github.vtstarter.archunit.FixtureSource.location;
import static io.github.vtstarter.archunit.FixtureSource.violations;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Blocking calls reached from synchronized code through methods of other analysed classes.
 */
class TransitiveBlockingCallsTest {

	private static final ArchRule RULE = VirtualThreadRules.NO_BLOCKING_CALLS_WHILE_SYNCHRONIZED;

	private static final String TRANSITIVE = "io.github.vtstarter.archunit.fixtures.transitive.";

	@Test
	void chainOverThreeClassesIsReportedWithEveryCall() {
		JavaClasses classes = importClasses(ReportController.class, ReportService.class, ReportRepository.class);
		assertThatThrownBy(() -> RULE.check(classes)).hasMessageContaining("Method <" + TRANSITIVE
				+ "ReportController.report(java.lang.String)> holds the monitor of the synchronized block at "
				+ location(ReportController.class, "// region")
				+ " and calls blocking method <java.nio.file.Files.readAllBytes(java.nio.file.Path)> through <"
				+ TRANSITIVE + "ReportService.render(java.lang.String)> in " + location(ReportController.class, "// render")
				+ " -> <" + TRANSITIVE + "ReportRepository.load(java.lang.String)> in "
				+ location(ReportService.class, "// load")
				+ " -> <java.nio.file.Files.readAllBytes(java.nio.file.Path)> in "
				+ location(ReportRepository.class, "// readAllBytes") + "; applies to Java 21 to 23")
			.hasMessageContaining("was violated (1 times)");
	}

	@Test
	void chainIsOnlyFollowedThroughAnalysedClasses() {
		// Without ReportRepository the analysis cannot know that load() blocks.
		assertThatNoException()
			.isThrownBy(() -> RULE.check(importClasses(ReportController.class, ReportService.class)));
	}

	@Test
	void maxDepthBoundsTheChain() {
		JavaClasses classes = importClasses(ReportController.class, ReportService.class, ReportRepository.class);
		assertThat(violations(VirtualThreadRules.noBlockingCallsWhileSynchronized().withMaxDepth(3), classes)).hasSize(1);
		assertThat(violations(VirtualThreadRules.noBlockingCallsWhileSynchronized().withMaxDepth(2), classes)).isEmpty();
		assertThat(violations(VirtualThreadRules.noBlockingCallsWhileSynchronized().withMaxDepth(1), classes)).isEmpty();
	}

	@Test
	void chainBeyondTheDefaultDepthIsFoundWithALargerDepth() {
		JavaClasses classes = importClasses(DeepChain.class);
		assertThatNoException().isThrownBy(() -> RULE.check(classes));
		assertThat(violations(VirtualThreadRules.noBlockingCallsWhileSynchronized().withMaxDepth(6), classes)).isEmpty();
		List<String> violations = violations(VirtualThreadRules.noBlockingCallsWhileSynchronized().withMaxDepth(7),
				classes);
		assertThat(violations).singleElement()
			.asString()
			.contains("<java.lang.Thread.sleep(long)> in " + location(DeepChain.class, "// call 7"))
			.contains(TRANSITIVE + "DeepChain.level6()> in " + location(DeepChain.class, "// call 6"));
	}

	@Test
	void interfaceCallIsResolvedToTheAnalysedImplementations() {
		JavaClasses classes = importClasses(AuditTrail.class, AuditSink.class, FileAuditSink.class,
				InMemoryAuditSink.class);
		assertThat(violations(RULE, classes)).singleElement()
			.asString()
			.startsWith("Method <" + TRANSITIVE + "AuditTrail.record(java.lang.String)> holds the monitor of the "
					+ "synchronized method at (AuditTrail.java:")
			.contains("through <" + TRANSITIVE + "AuditSink.write(java.lang.String)> implemented by <" + TRANSITIVE
					+ "FileAuditSink.write(java.lang.String)> in " + location(AuditTrail.class, "// sink.write")
					+ " -> <java.nio.file.Files.writeString(java.nio.file.Path, java.lang.CharSequence, "
					+ "java.nio.file.OpenOption[])> in " + location(FileAuditSink.class, "// writeString"));
	}

	@Test
	void interfaceWithOnlyNonBlockingImplementationsIsClean() {
		assertThatNoException().isThrownBy(
				() -> RULE.check(importClasses(AuditTrail.class, AuditSink.class, InMemoryAuditSink.class)));
	}

	@Test
	void superclassCallIsResolvedToTheOverridingSubclass() {
		assertThat(violations(RULE, importClasses(Exporter.class, SocketExporter.class))).singleElement()
			.asString()
			.contains("<" + TRANSITIVE + "Exporter.exportAll(byte[][])> holds the monitor of the synchronized method")
			.contains("through <" + TRANSITIVE + "Exporter.export(byte[])> implemented by <" + TRANSITIVE
					+ "SocketExporter.export(byte[])> in " + location(Exporter.class, "// export"))
			.contains("<java.net.Socket.connect(java.net.SocketAddress)> in " + location(SocketExporter.class, "// connect"));
		assertThatNoException().isThrownBy(() -> RULE.check(importClasses(Exporter.class)));
	}

}
