package io.github.vtstarter.archunit.bytecode;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which calls a constructor made on its own fields on every path to a return
 * ({@link BytecodeMethod#getCallsOnFieldsBeforeReturn()}), from a real compiled class
 * ({@code fixtures.bytecode.ConstructorCalls}), and which methods never return.
 */
class ConstructorCallsTest {

	private static final String CASES = "io/github/vtstarter/archunit/fixtures/bytecode/ConstructorCalls";

	// Parsed for each test, not once in a static field: PIT runs every test once per mutant in the same JVM.
	private final BytecodeClass parsed = ClassFileParser.parse(ClassFileParserCasesTest.classFile(CASES));

	@Test
	void aCallMadeOnEveryPathIsKeptAndOneMadeOnABranchIsNot() {
		assertThat(constructor("(Ljava/util/List;Ljava/lang/Runnable;Z)V").getCallsOnFieldsBeforeReturn())
			.containsExactlyInAnyOrder(new FieldCall("items", "size()I"), new FieldCall("items", "isEmpty()Z"));
	}

	@Test
	void aFieldStoredAgainAfterTheCallKeepsNone() {
		assertThat(constructor("(Ljava/util/List;)V").getCallsOnFieldsBeforeReturn()).isEmpty();
	}

	@Test
	void aHandlerThatReturnsCountsAsAPathWithoutTheCall() {
		assertThat(constructor("(Ljava/lang/Runnable;)V").getCallsOnFieldsBeforeReturn()).isEmpty();
	}

	@Test
	void aFieldStoredAgainInsideProtectedCodeKeepsNoneEvenWhereTheHandlerKnewOfAnEarlierCall() {
		assertThat(constructor("(Ljava/util/List;Ljava/util/List;)V").getCallsOnFieldsBeforeReturn()).isEmpty();
	}

	@Test
	void aFieldAHelperMayHaveReadBeforeTheCallKeepsNone() {
		assertThat(constructor("(Ljava/util/List;Ljava/lang/Object;)V").getCallsOnFieldsBeforeReturn()).isEmpty();
	}

	@Test
	void aFieldWhoseObjectWasPassedOnOrPublishedBeforeTheCallKeepsNone() {
		assertThat(constructor("(Ljava/util/List;Ljava/lang/String;)V").getCallsOnFieldsBeforeReturn()).isEmpty();
		assertThat(constructor("(Ljava/util/List;Ljava/lang/Integer;)V").getCallsOnFieldsBeforeReturn()).isEmpty();
	}

	@Test
	void thisHandedOnBeforeTheStoreDoesNotMatter() {
		assertThat(constructor("(Ljava/lang/Runnable;Ljava/util/List;)V").getCallsOnFieldsBeforeReturn())
			.containsExactly(new FieldCall("items", "size()I"));
	}

	@Test
	void aHandlerEnteredAfterAHelperRanKeepsNone() {
		assertThat(constructor("(Ljava/util/List;Ljava/lang/Boolean;)V").getCallsOnFieldsBeforeReturn()).isEmpty();
	}

	@Test
	void aConstructorThatOnlyThrowsNeverReturnsAndMakesNoObject() {
		BytecodeMethod throwing = constructor("()V");
		assertThat(throwing.returnsNormally()).isFalse();
		assertThat(throwing.getCallsOnFieldsBeforeReturn()).isNull();
		assertThat(constructor("(Ljava/util/List;)V").returnsNormally()).isTrue();
	}

	@Test
	void otherMethodsRecordNoCallsOnFields() {
		BytecodeClass cases = ClassFileParser
			.parse(ClassFileParserCasesTest.classFile("io/github/vtstarter/archunit/fixtures/bytecode/ReceiverCases"));
		assertThat(cases.getMethods()).filteredOn((method) -> !"<init>".equals(method.getName()))
			.isNotEmpty()
			.allSatisfy((method) -> assertThat(method.getCallsOnFieldsBeforeReturn()).isNull());
	}

	private BytecodeMethod constructor(String descriptor) {
		BytecodeMethod constructor = this.parsed.getMethod("<init>", descriptor);
		assertThat(constructor).as(descriptor).isNotNull();
		return constructor;
	}

}
