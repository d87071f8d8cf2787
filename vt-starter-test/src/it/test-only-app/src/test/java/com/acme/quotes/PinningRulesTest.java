package com.acme.quotes;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.github.vtstarter.archunit.JavaVersionRules;
import io.github.vtstarter.archunit.VirtualThreadRules;

/**
 * The rules for the Java the tests run on: a monitor held across a blocking call pins on Java 21 to 23 only
 * (LegacyQuoteCache), a blocking class initializer on every Java (ExchangeRates, CurrencyTable).
 */
@AnalyzeClasses(packagesOf = QuotesApplication.class, importOptions = ImportOption.DoNotIncludeTests.class)
class PinningRulesTest {

	static final JavaVersionRules RULES = VirtualThreadRules.forJava(Runtime.version().feature());

	@ArchTest
	static final ArchRule noBlockingCallsWhileSynchronized = RULES.noBlockingCallsWhileSynchronized();

	@ArchTest
	static final ArchRule noObjectWaitWhileSynchronized = RULES.noObjectWaitWhileSynchronized();

	@ArchTest
	static final ArchRule noBlockingCallsInStaticInitializers = RULES.noBlockingCallsInStaticInitializers();

}
