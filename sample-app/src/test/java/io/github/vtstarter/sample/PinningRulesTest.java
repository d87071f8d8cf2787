package io.github.vtstarter.sample;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.github.vtstarter.archunit.VirtualThreadRules;
import org.junit.jupiter.api.Test;

import org.springframework.jdbc.core.JdbcTemplate;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The sample application checks itself for pinning-prone code, exactly as a user would: one test
 * class, {@code archunit-junit5} in test scope, the rules from vt-starter.
 * <p>
 * The package {@value #PINNING_DEMO} pins on purpose: it demonstrates what pinning looks like at
 * run time (a {@code synchronized} method around sleeping or I/O). The rules exempt monitors held
 * in exactly that package with {@code ignoring(resideInAPackage(...))}, ArchUnit's usual
 * {@code DescribedPredicate}, so the exemption is visible in the rule's description and in every
 * failure message; any other package of the application must stay clean. (An {@code ImportOption}
 * would work too but would also hide the package's methods from the call analysis.)
 */
@AnalyzeClasses(packagesOf = SampleApplication.class, importOptions = ImportOption.DoNotIncludeTests.class)
class PinningRulesTest {

	static final String PINNING_DEMO = "io.github.vtstarter.sample.pinning";

	/** The alarm corpus's endpoints (run.sh --alarms): Object.wait inside synchronized on purpose, as the demo. */
	static final String ALARM_CORPUS = "io.github.vtstarter.sample.alarms";

	@ArchTest
	static final ArchRule noBlockingCallsWhileSynchronized = VirtualThreadRules.noBlockingCallsWhileSynchronized()
		.ignoring(resideInAPackage(PINNING_DEMO).or(resideInAPackage(ALARM_CORPUS)))
		.because("the sample serves requests on virtual threads, which a monitor held while blocking pins on Java 21-23");

	@ArchTest
	static final ArchRule noObjectWaitWhileSynchronized = VirtualThreadRules.noObjectWaitWhileSynchronized()
		.ignoring(resideInAPackage(PINNING_DEMO).or(resideInAPackage(ALARM_CORPUS)));

	@Test
	void ruleCatchesJdbcTemplateUnderAMonitor() {
		// Guards against a vacuous pass: with spring-jdbc on this class path, the rule does see
		// JdbcTemplate calls made under a monitor.
		JavaClasses classes = new ClassFileImporter().importClasses(SynchronizedJdbcTemplate.class);
		assertThatThrownBy(() -> VirtualThreadRules.NO_BLOCKING_CALLS_WHILE_SYNCHRONIZED.check(classes))
			.hasMessageContaining("holds the monitor of the synchronized method at (PinningRulesTest.java:")
			.hasMessageContaining("calls blocking method <org.springframework.jdbc.core.JdbcTemplate.queryForObject(");
	}

	@Test
	void ruleIgnoresMonitorsHeldInThePinningDemoPackageOnly() {
		JavaClasses classes = new ClassFileImporter().importClasses(SynchronizedJdbcTemplate.class);
		assertThatThrownBy(() -> noBlockingCallsWhileSynchronized.check(classes))
			.hasMessageContaining("except for monitors held in classes that reside in a package '" + PINNING_DEMO + "'");
	}

	/**
	 * Test-only code that pins, outside the analysed main classes.
	 */
	static class SynchronizedJdbcTemplate {

		private final JdbcTemplate jdbcTemplate = new JdbcTemplate();

		synchronized Integer count() {
			return this.jdbcTemplate.queryForObject("select count(*) from person", Integer.class);
		}

	}

}
