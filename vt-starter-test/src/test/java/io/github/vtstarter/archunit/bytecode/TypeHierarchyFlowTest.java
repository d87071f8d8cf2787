package io.github.vtstarter.archunit.bytecode;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What {@link TypeHierarchy} makes of values over several analysed classes
 * ({@code fixtures.bytecode.TypeCases}): fields and results that depend on each other, fields of a
 * superclass, casts, and the methods a call can run.
 */
class TypeHierarchyFlowTest {

	private static final String CASES = "io/github/vtstarter/archunit/fixtures/bytecode/TypeCases";

	private final Map<String, BytecodeClass> parsed = parse("", "$Ping", "$Pong", "$Swapper", "$Base", "$Sub", "$Both",
			"$Caller", "$Caller$1");

	@Test
	void resultsThatDependOnEachOtherAreTheirLeastFixedPoint() {
		TypeHierarchy hierarchy = hierarchy(this.parsed);
		assertThat(hierarchy.receiverTypes(call("$Ping", "size", "size", 0), null))
			.hasToString("{java/util/ArrayList;java/util/LinkedList;}");
		assertThat(hierarchy.receiverTypes(call("$Pong", "size", "size", 0), null))
			.hasToString("{java/util/ArrayList;java/util/LinkedList;}");
	}

	@Test
	void theOtherHalfOfACycleIsRightWhenAskedFirst() {
		TypeHierarchy hierarchy = hierarchy(this.parsed);
		assertThat(hierarchy.receiverTypes(call("$Pong", "size", "size", 0), null))
			.hasToString("{java/util/ArrayList;java/util/LinkedList;}");
		assertThat(hierarchy.receiverTypes(call("$Ping", "size", "size", 0), null))
			.hasToString("{java/util/ArrayList;java/util/LinkedList;}");
	}

	@Test
	void fieldsHoldWhatIsStoredInThemAndAnythingWhenNothingOrOnlyNullIs() {
		TypeHierarchy hierarchy = hierarchy(this.parsed);
		List<CallSite> hashCodes = calls("$Swapper", "use", "hashCode");
		assertThat(hierarchy.receiverTypes(hashCodes.get(0), null)).hasToString("{java/util/ArrayList;}");
		assertThat(hierarchy.receiverTypes(hashCodes.get(1), null)).hasToString("{<java/lang/Object>}");
		assertThat(hierarchy.receiverTypes(hashCodes.get(2), null)).hasToString("{<java/lang/Object>}");
	}

	@Test
	void aFieldDeclaredInASuperclassHoldsWhatSubclassesStore() {
		assertThat(hierarchy(this.parsed).receiverTypes(call("$Sub", "use", "hashCode", 0), null))
			.hasToString("{java/util/LinkedList;}");
	}

	@Test
	void castsNarrowTheDeclaredType() {
		TypeHierarchy hierarchy = hierarchy(this.parsed);
		assertThat(hierarchy.receiverTypes(call("$Caller", "call", "close", 0), null))
			.hasToString("{<" + CASES + "$Base&java/io/Closeable>}");
		assertThat(hierarchy.targets(call("$Caller", "call", "close", 0), null)).isEmpty();
	}

	@Test
	void aCallOnAnyObjectOfAClassRunsItsMethodAndTheOverridesOfClassesThatCanExist() {
		TypeHierarchy hierarchy = hierarchy(this.parsed);
		for (CallSite run : calls("$Caller", "call", "run").subList(0, 1)) {
			assertThat(hierarchy.targets(run, null)).extracting((target) -> target.method().getOwner().getInternalName())
				.containsExactly(CASES + "$Base", CASES + "$Both");
			assertThat(hierarchy.targets(run, null)).extracting((target) -> target.receiver().toString())
				.containsExactly("{<" + CASES + "$Base>}", "{<" + CASES + "$Both>}");
		}
		assertThat(hierarchy.targets(calls("$Caller", "call", "run").get(2), null))
			.extracting((target) -> target.method().getOwner().getInternalName())
			.containsExactly(CASES + "$Base", CASES + "$Both");
	}

	@Test
	void aNewInstanceRunsItsOwnClassesMethodAndAnAnonymousClassOnlyWhereItIsCreated() {
		TypeHierarchy hierarchy = hierarchy(this.parsed);
		assertThat(hierarchy.targets(calls("$Caller", "call", "run").get(1), null)).singleElement()
			.satisfies((target) -> {
				assertThat(target.method().getOwner().getInternalName()).isEqualTo(CASES + "$Base");
				assertThat(target.receiver()).hasToString("{" + CASES + "$Sub;}");
			});
		assertThat(hierarchy.targets(call("$Caller", "anonymous", "run", 0), null)).singleElement()
			.satisfies((target) -> assertThat(target.method().getOwner().getInternalName()).isEqualTo(CASES + "$Caller$1"));
		assertThat(this.parsed.get(CASES + "$Caller$1").isLocalOrAnonymous()).isTrue();
	}

	@Test
	void aClassTheAnalysisDoesNotSeeMayRunWhatItsAnalysedSuperclassDeclares() {
		Map<String, BytecodeClass> withoutSub = new LinkedHashMap<>(this.parsed);
		withoutSub.remove(CASES + "$Sub");
		assertThat(hierarchy(withoutSub).targets(call("$Caller", "viaBase", "run", 0), null)).singleElement()
			.satisfies((target) -> {
				assertThat(target.method().getOwner().getInternalName()).isEqualTo(CASES + "$Base");
				assertThat(target.receiver()).hasToString("{<" + CASES + "$Sub>}");
			});
	}

	@Test
	void theReceiverOfAMethodIsWhatTheCallerPassesAlong() {
		TypeHierarchy hierarchy = hierarchy(this.parsed);
		CallSite ownCall = call("$Caller", "call", "close", 0);
		assertThat(hierarchy.receiverTypes(ownCall, TypeSet.exactly(CASES + "$Caller"))).isNotNull();
		assertThat(hierarchy.related(this.parsed.get(CASES + "$Sub"), this.parsed.get(CASES + "$Base"))).isTrue();
		assertThat(hierarchy.related(this.parsed.get(CASES + "$Base"), this.parsed.get(CASES + "$Sub"))).isTrue();
		assertThat(hierarchy.related(this.parsed.get(CASES + "$Ping"), this.parsed.get(CASES + "$Sub"))).isFalse();
	}

	@Test
	void aCallOnAResultIsOnAResultOfTheProducersOnlyWhenEveryValueIs() {
		TypeHierarchy hierarchy = hierarchy(this.parsed);
		CallSite size = call("$Ping", "size", "size", 0);
		assertThat(hierarchy.receiverIsResultOf(size, (producer) -> producer.getName().equals("get"))).isTrue();
		assertThat(hierarchy.receiverIsResultOf(size, (producer) -> false)).isFalse();
		assertThat(hierarchy.receiverIsResultOf(call("$Swapper", "use", "hashCode", 0), (producer) -> true)).isFalse();
		assertThat(hierarchy.receiverIsResultOf(call("$Ping", "size", "get", 0), (producer) -> true)).isFalse();
	}

	private CallSite call(String type, String method, String callee, int index) {
		return calls(type, method, callee).get(index);
	}

	private List<CallSite> calls(String type, String method, String callee) {
		return this.parsed.get(CASES + type).getMethods().stream()
			.filter((candidate) -> candidate.getName().equals(method))
			.flatMap((candidate) -> candidate.getCalls().stream())
			.filter((call) -> call.getName().equals(callee))
			.toList();
	}

	private static TypeHierarchy hierarchy(Map<String, BytecodeClass> classes) {
		return new TypeHierarchy(classes, new ClassFileLocator(ClassLoader.getPlatformClassLoader()));
	}

	private static Map<String, BytecodeClass> parse(String... suffixes) {
		Map<String, BytecodeClass> result = new LinkedHashMap<>();
		for (String suffix : suffixes) {
			BytecodeClass type = ClassFileParser.parse(ClassFileParserCasesTest.classFile(CASES + suffix));
			result.put(type.getInternalName(), type);
		}
		return result;
	}


}
