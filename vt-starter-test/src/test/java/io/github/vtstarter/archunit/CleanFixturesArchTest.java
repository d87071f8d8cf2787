package io.github.vtstarter.archunit;

import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The rules used the way users use them, with ArchUnit's JUnit 5 engine: the clean fixtures pass.
 */
@AnalyzeClasses(packages = "io.github.vtstarter.archunit.fixtures.clean")
class CleanFixturesArchTest {

	@ArchTest
	static final ArchRule noBlockingCallsWhileSynchronized = VirtualThreadRules.NO_BLOCKING_CALLS_WHILE_SYNCHRONIZED;

	@ArchTest
	static final ArchRule noObjectWaitWhileSynchronized = VirtualThreadRules.NO_OBJECT_WAIT_WHILE_SYNCHRONIZED;

}
