package com.acme.shop;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.github.vtstarter.archunit.VirtualThreadRules;

// The test class of docs/archunit.md, as a user copies it.
@AnalyzeClasses(packagesOf = ShopApplication.class, importOptions = ImportOption.DoNotIncludeTests.class)
class PinningRulesTest {

	@ArchTest
	static final ArchRule noBlockingCallsWhileSynchronized = VirtualThreadRules.NO_BLOCKING_CALLS_WHILE_SYNCHRONIZED;

	@ArchTest
	static final ArchRule noObjectWaitWhileSynchronized = VirtualThreadRules.NO_OBJECT_WAIT_WHILE_SYNCHRONIZED;

}
