package io.github.vtstarter.archunit.bytecode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

import io.github.vtstarter.archunit.fixtures.bytecode.ParserCases;
import org.junit.jupiter.api.Test;

import static io.github.vtstarter.archunit.FixtureSource.line;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link ClassFileParser}'s view of a real compiled class ({@link ParserCases}): the calls of each
 * method, the monitor held at each call, the level-check guard and what the class file says about
 * the class itself.
 */
class ClassFileParserCasesTest {

	private static final String CASES = "io/github/vtstarter/archunit/fixtures/bytecode/ParserCases";

	// Parsed for each test, not once in a static field: PIT runs every test once per mutant in the same JVM.
	private final BytecodeClass parsed = ClassFileParser.parse(classFile(CASES));

	@Test
	void everyBranchOfASwitchInsideABlockRunsUnderItsMonitor() {
		assertThat(calls("tableSwitch", "(I)V", "write", "flush")).hasSize(4)
			.allSatisfy((call) -> assertThat(call.getRegion().describe())
				.isEqualTo(block("// table switch region")));
		assertThat(calls("lookupSwitch", "(I)V", "write", "flush")).hasSize(3)
			.allSatisfy((call) -> assertThat(call.getRegion().describe())
				.isEqualTo(block("// lookup switch region")));
	}

	@Test
	void aCatchInsideABlockRunsUnderItsMonitorButACatchAroundItRunsAfterTheRelease() {
		assertThat(calls("catchInsideBlock", "()V", "failed")).singleElement()
			.satisfies((call) -> assertThat(call.getRegion().describe()).isEqualTo(block("// catch inside region")));
		assertThat(calls("catchAroundBlock", "()V", "write")).singleElement()
			.satisfies((call) -> assertThat(call.getRegion()).isNotNull());
		assertThat(calls("catchAroundBlock", "()V", "failed")).singleElement()
			.satisfies((call) -> assertThat(call.getRegion()).isNull());
	}

	@Test
	void callsInTheBlockOfALevelCheckAreGuarded() {
		assertThat(calls("guardedByIsLoggable", "(Ljava/lang/String;)V", "write")).singleElement()
			.satisfies((call) -> assertThat(call.isGuardedByLevelCheck()).isTrue());
		assertThat(calls("guardedByIsTraceEnabled", "(Ljava/lang/String;)V", "write")).singleElement()
			.satisfies((call) -> assertThat(call.isGuardedByLevelCheck()).isTrue());
	}

	@Test
	void otherConditionsAreNoLevelCheck() {
		for (String method : List.of("notGuardedByAField", "notGuardedByIsEmpty", "notGuardedByContains")) {
			assertThat(calls(method, "(Ljava/lang/String;)V", "write")).as(method)
				.singleElement()
				.satisfies((call) -> assertThat(call.isGuardedByLevelCheck()).isFalse());
		}
	}

	@Test
	void aReturnInsideTheGuardedBlockEndsTheGuard() {
		assertThat(calls("returnInsideGuard", "(Ljava/lang/String;Z)V", "write")).singleElement()
			.satisfies((call) -> assertThat(call.isGuardedByLevelCheck()).isFalse());
		assertThat(calls("returnValueInsideGuard", "(Ljava/lang/String;Z)I", "write")).singleElement()
			.satisfies((call) -> assertThat(call.isGuardedByLevelCheck()).isFalse());
	}

	@Test
	void functionsHandedToAJavaUtilMethodRunUnderTheMonitorWhereTheyAreCreated() {
		assertThat(calls("twoFunctionsForOneCall", "(Ljava/util/Optional;)V", "write", "pause")).hasSize(2)
			.allSatisfy((call) -> assertThat(call.getRegion().describe()).isEqualTo(block("// two functions region")));
		assertThat(calls("functionOnThePreviousLine", "(Ljava/util/List;)V", "write")).singleElement()
			.satisfies((call) -> assertThat(call.getRegion()).isNotNull());
	}

	@Test
	void methodReferencesAreVirtualCallsOnlyForInstanceMethods() {
		String descriptor = "(Ljava/util/List;Ljava/util/List;)V";
		assertThat(calls("methodReferences", descriptor, "trim")).singleElement()
			.satisfies((call) -> assertThat(call.isVirtual()).isTrue());
		assertThat(calls("methodReferences", descriptor, "size")).singleElement()
			.satisfies((call) -> assertThat(call.isVirtual()).isTrue());
		assertThat(calls("methodReferences", descriptor, "parseInt")).singleElement()
			.satisfies((call) -> assertThat(call.isVirtual()).isFalse());
	}

	@Test
	void onlyByteArrayAndStringStreamsAreInMemory() {
		assertThat(this.parsed.getMethod("overSocket", "(Ljava/net/Socket;)Ljava/io/ObjectOutputStream;")
			.createsInMemoryStream()).isFalse();
		assertThat(this.parsed.getMethod("inMemory", "()Ljava/io/ObjectOutputStream;").createsInMemoryStream()).isTrue();
	}

	@Test
	void aSynchronizedMethodIsLocatedAtTheFirstLineOfItsBody() {
		int line = line(ParserCases.class, "// synchronized method pause");
		CallSite pause = calls("synchronizedMethod", "()V", "pause").get(0);
		assertThat(pause.getRegion().describe()).isEqualTo("synchronized method at (ParserCases.java:" + line + ")");
		assertThat(pause.getRegion()).hasToString(
				"io.github.vtstarter.archunit.fixtures.bytecode.ParserCases.synchronizedMethod() synchronized method at (ParserCases.java:"
						+ line + ")");
		assertThat(pause).hasToString("io.github.vtstarter.archunit.fixtures.bytecode.ParserCases.synchronizedMethod() -> "
				+ "io.github.vtstarter.archunit.fixtures.bytecode.ParserCases.pause() (ParserCases.java:" + line + ")");
	}

	@Test
	void theClassFileTellsKindsOfMethodsAndClasses() {
		BytecodeMethod constructor = this.parsed.getMethod("<init>", "(Ljava/io/Writer;)V");
		assertThat(constructor.getKind()).isEqualTo("Constructor");
		assertThat(constructor).hasToString("io.github.vtstarter.archunit.fixtures.bytecode.ParserCases.<init>(java.io.Writer)");
		assertThat(this.parsed.getMethod("tableSwitch", "(I)V").getKind()).isEqualTo("Method");
		assertThat(this.parsed.getMethod("tableSwitch", "(I)V").hasCode()).isTrue();
		assertThat(this.parsed.isInterface()).isFalse();
		assertThat(this.parsed).hasToString("io.github.vtstarter.archunit.fixtures.bytecode.ParserCases");
		BytecodeClass sink = ClassFileParser.parse(classFile(CASES + "$Sink"));
		assertThat(sink.isInterface()).isTrue();
		assertThat(sink.getMethod("accept", "(Ljava/lang/String;)V").hasCode()).isFalse();
	}

	@Test
	void locationsNameTheSourceFileTheClassFileRecords() {
		BytecodeClass helper = ClassFileParser.parse(classFile(
				"io/github/vtstarter/archunit/fixtures/bytecode/ParserCasesHelper"));
		assertThat(helper.getMethod("pause", "()V").getCalls()).singleElement()
			.satisfies((call) -> assertThat(call.getLocation())
				.isEqualTo("(ParserCases.java:" + line(ParserCases.class, "// helper sleep") + ")"));
	}

	@Test
	void withoutASourceFileAttributeTheNameIsDerivedTheWayJavacNamesFiles() {
		assertThat(new BytecodeClass("com/acme/Outer$Inner", "java/lang/Object", null, false).getSourceFile())
			.isEqualTo("Outer.java");
		assertThat(new BytecodeClass("Plain", "java/lang/Object", null, false).getSourceFile()).isEqualTo("Plain.java");
		assertThat(new BytecodeClass("com/acme/$Proxy1", "java/lang/Object", null, false).getSourceFile())
			.isEqualTo("$Proxy1.java");
	}

	private static String block(String marker) {
		return "synchronized block at (ParserCases.java:" + line(ParserCases.class, marker) + ")";
	}

	private List<CallSite> calls(String method, String descriptor, String... callees) {
		List<String> names = List.of(callees);
		return this.parsed.getMethod(method, descriptor)
			.getCalls()
			.stream()
			.filter((call) -> names.contains(call.getName()))
			.toList();
	}

	static byte[] classFile(String internalName) {
		try (InputStream in = ClassFileParserCasesTest.class.getClassLoader()
			.getResourceAsStream(internalName + ".class")) {
			return in.readAllBytes();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
