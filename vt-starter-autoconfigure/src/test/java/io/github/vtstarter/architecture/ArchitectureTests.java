package io.github.vtstarter.architecture;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The shape of the module, as docs/contributing.md draws it: the mechanisms live in plain packages that know nothing
 * of the wiring, the wiring lives in {@code autoconfigure}, and no package depends on another that depends back on
 * it.
 */
@AnalyzeClasses(packages = "io.github.vtstarter", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTests {

	private static final String[] MECHANISMS = { "io.github.vtstarter.threads..", "io.github.vtstarter.task..",
			"io.github.vtstarter.scheduling..", "io.github.vtstarter.pinning..", "io.github.vtstarter.watchdog..",
			"io.github.vtstarter.dump..", "io.github.vtstarter.doctor.." };

	@ArchTest
	static final ArchRule MECHANISMS_KNOW_NOTHING_OF_THE_WIRING = noClasses().that()
		.resideInAnyPackage(MECHANISMS)
		.should()
		.dependOnClassesThat()
		.resideInAPackage("io.github.vtstarter.autoconfigure..")
		.because("a mechanism can be read, tested and mutated alone; autoconfigure only wires it");

	@ArchTest
	static final ArchRule MECHANISMS_ARE_NOT_SPRING_BOOT_CONFIGURATION = noClasses().that()
		.resideInAnyPackage(MECHANISMS)
		.should()
		.dependOnClassesThat()
		.resideInAnyPackage("org.springframework.boot.autoconfigure..", "org.springframework.boot.actuate..",
				"org.springframework.boot.context..", "org.springframework.context..")
		.because("conditions, properties, health and application events are wiring: they belong in autoconfigure");

	@ArchTest
	static final ArchRule NO_CYCLES_BETWEEN_CONCERNS = slices().matching("io.github.vtstarter.(*)..")
		.should()
		.beFreeOfCycles()
		.because("each concern is a package that depends only on those below it");

	@ArchTest
	static final ArchRule NO_CYCLES_IN_THE_WIRING = slices().matching("io.github.vtstarter.autoconfigure.(*)..")
		.should()
		.beFreeOfCycles()
		.because("each auto-configuration package wires one concern and depends only on shared wiring below it");

	@ArchTest
	static final ArchRule THE_SHARED_WIRING_IS_AT_THE_BOTTOM = noClasses().that()
		.resideInAPackage("io.github.vtstarter.autoconfigure")
		.should()
		.dependOnClassesThat()
		.resideInAPackage("io.github.vtstarter.autoconfigure.*..")
		.because("the switch, the Boot version, the degraded guard and the other shared helpers of the autoconfigure "
				+ "package serve every auto-configuration package, so none of them may depend back on one");

}
