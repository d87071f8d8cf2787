package io.github.vtstarter.archunit.bytecode;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What {@link ValueFlow} knows about each call's receiver in a real compiled class
 * ({@code fixtures.bytecode.ReceiverCases}), and what it records about the method and the class.
 */
class ValueFlowTest {

	private static final String CASES = "io/github/vtstarter/archunit/fixtures/bytecode/ReceiverCases";

	// Parsed for each test, not once in a static field: PIT runs every test once per mutant in the same JVM.
	private final BytecodeClass parsed = ClassFileParser.parse(ClassFileParserCasesTest.classFile(CASES));

	@Test
	void theStackEffectOfEveryInstructionFamilyLeavesTheNewBuilderBelowAsTheReceiver() {
		List<CallSite> appends = calls("words", "append").stream()
			.filter((call) -> !call.getDescriptor().equals("(Ljava/lang/CharSequence;)Ljava/lang/StringBuilder;"))
			.toList();
		assertThat(appends).hasSize(18)
			.allSatisfy((call) -> assertThat(call.getReceiver()).hasToString("new java/lang/StringBuilder"));
		assertThat(calls("dups", "append")).singleElement()
			.satisfies((call) -> assertThat(call.getReceiver()).hasToString("new java/lang/StringBuilder"));
	}

	@Test
	void aLocalVariableHoldsWhatWasLastStoredInIt() {
		List<CallSite> sizes = calls("locals", "size");
		assertThat(sizes).hasSize(2);
		assertThat(sizes.get(0).getReceiver()).hasToString("new java/util/LinkedList");
		// The parameter as the method was entered with it: whatever its declared type allows.
		assertThat(sizes.get(1).getReceiver()).isEqualTo(Value.parameter(0, "java/util/List"));
		assertThat(calls("loop", "size")).singleElement()
			.satisfies((call) -> assertThat(call.getReceiver().toString()).contains("new java/util/ArrayList", "parameter"));
	}

	@Test
	void whereBranchesMeetTheValueIsEitherOne() {
		assertThat(calls("joined", "hashCode")).singleElement()
			.satisfies((call) -> assertThat(call.getReceiver().toString()).contains("new java/util/ArrayList",
					"new java/util/LinkedList"));
	}

	@Test
	void castsFieldsOwnCallsAndResultsAreKept() {
		assertThat(calls("cast", "size")).singleElement()
			.satisfies((call) -> assertThat(call.getReceiver())
				.hasToString("(java/util/List) " + CASES + ".anything"));
		List<CallSite> fields = calls("fields", "size");
		assertThat(fields).singleElement()
			.satisfies((call) -> assertThat(call.getReceiver()).hasToString(CASES + ".names"));
		assertThat(calls("fields", "hashCode")).singleElement()
			.satisfies((call) -> assertThat(call.getReceiver()).hasToString(CASES + ".shared"));
		assertThat(calls("ownCall", "hashCode")).singleElement()
			.satisfies((call) -> assertThat(call.getReceiver().mayBeThis()).isTrue());
		assertThat(method("ownCall").usesThis()).isTrue();
		assertThat(method("fields").usesThis()).isFalse();
		assertThat(calls("result", "size")).singleElement()
			.satisfies((call) -> assertThat(call.getReceiver())
				.hasToString("result of " + CASES.replace('/', '.') + ".newList()"));
		assertThat(method("newList").getReturned()).hasToString("new java/util/ArrayList");
	}

	@Test
	void aCaughtExceptionIsAnyObject() {
		assertThat(calls("thrown", "hashCode")).singleElement()
			.satisfies((call) -> assertThat(call.getReceiver()).isSameAs(Value.ANY));
	}

	@Test
	void theClassRecordsWhatItStoresInFieldsAndWhichInstancesEscape() {
		assertThat(this.parsed.getFieldStores()).extracting((store) -> store.name() + "=" + store.value())
			.contains("names=new java/util/ArrayList", "shared=new java/util/LinkedList", "counts=any")
			.noneMatch((store) -> store.startsWith("wide="));
		assertThat(this.parsed.getEscaping()).contains(CASES + "$1").doesNotContain(CASES + "$2");
		assertThat(calls("escapes", "run")).singleElement()
			.satisfies((call) -> assertThat(call.getReceiver()).hasToString("new " + CASES + "$2"));
	}

	@Test
	void anonymousClassesKnowTheyAre() {
		BytecodeClass anonymous = ClassFileParser.parse(ClassFileParserCasesTest.classFile(CASES + "$1"));
		assertThat(anonymous.isLocalOrAnonymous()).isTrue();
		assertThat(this.parsed.isLocalOrAnonymous()).isFalse();
		assertThat(this.parsed.declaresField("names")).isTrue();
		assertThat(this.parsed.declaresField("missing")).isFalse();
	}

	@Test
	void theReceiverTypesOfACallFollowFieldsAndResultsOverTheAnalysedClasses() {
		TypeHierarchy hierarchy = new TypeHierarchy(Map.of(CASES, this.parsed),
				new ClassFileLocator(ClassLoader.getPlatformClassLoader()));
		assertThat(hierarchy.receiverTypes(calls("fields", "size").get(0), null)).hasToString("{java/util/ArrayList;}");
		assertThat(hierarchy.receiverTypes(calls("result", "size").get(0), null)).hasToString("{java/util/ArrayList;}");
		assertThat(hierarchy.receiverTypes(calls("cast", "size").get(0), null))
			.hasToString("{<java/util/List>}");
		assertThat(hierarchy.receiverTypes(calls("fields", "hashCode").get(0), null))
			.hasToString("{java/util/LinkedList;}");
		assertThat(hierarchy.receiverTypes(calls("joined", "hashCode").get(0), null))
			.hasToString("{java/util/ArrayList;java/util/LinkedList;}");
	}

	@Test
	void aValueAssignedTwiceInOneExpressionIsStoredInBothFields() {
		assertThat(this.parsed.getFieldStores()).extracting((store) -> store.name() + "=" + store.value())
			.contains("first=new java/util/ArrayList", "second=new java/util/ArrayList");
	}

	@Test
	void everyCaseOfASwitchReachesTheCodeAfterIt() {
		assertThat(calls("switched", "hashCode")).singleElement()
			.satisfies((call) -> assertThat(call.getReceiver().toString()).contains("new java/util/ArrayList",
					"new java/util/LinkedList", "new java/util/HashSet"));
	}

	@Test
	void anExceptionHandlerSeesTheLocalsOfTheCodeItCovers() {
		assertThat(calls("caught", "hashCode")).singleElement()
			.satisfies((call) -> assertThat(call.getReceiver().toString()).contains("new java/util/ArrayList",
					"new java/util/LinkedList"));
	}

	@Test
	void returnsThrowsAndJumpsEndTheFlowWhereTheyAre() {
		assertThat(calls("afterReturn", "hashCode").get(1).getReceiver()).hasToString("new java/util/ArrayList");
		assertThat(calls("afterThrow", "hashCode")).singleElement()
			.satisfies((call) -> assertThat(call.getReceiver()).hasToString("new java/util/ArrayList"));
		assertThat(calls("ifElse", "hashCode")).singleElement()
			.satisfies((call) -> assertThat(call.getReceiver().toString()).contains("new java/util/LinkedList",
					"new java/util/HashSet").doesNotContain("ArrayList"));
	}

	@Test
	void aLambdaRunOnTheSpotRunsForTheObjectThatCreatedIt() {
		List<CallSite> functions = method("forEachOwn").getCalls().stream()
			.filter((call) -> !call.getName().equals("forEach"))
			.toList();
		assertThat(functions).hasSize(2);
		assertThat(functions.get(0).getName()).startsWith("lambda$forEachOwn");
		assertThat(functions.get(0).getReceiver().mayBeThis()).isTrue();
		assertThat(functions.get(1).getName()).isEqualTo("staticSeen");
		assertThat(functions.get(1).getReceiver()).isSameAs(Value.ANY);
		assertThat(method("forEachOwn").usesThis()).isTrue();
	}

	@Test
	void everyWordShuffleMovesTheValuesTheWayTheJvmDoes() {
		BytecodeClass shuffles = ClassFileParser.parse(GeneratedShuffles.classFile());
		assertThat(receivers(shuffles, "dup")).containsExactly("A", "A");
		assertThat(receivers(shuffles, "dupX1")).containsExactly("B", "A", "B");
		assertThat(receivers(shuffles, "dupX2")).containsExactly("C", "B", "A", "C");
		assertThat(receivers(shuffles, "dup2")).containsExactly("B", "A", "B", "A");
		assertThat(receivers(shuffles, "dup2X1")).containsExactly("C", "B", "A", "C", "B");
		assertThat(receivers(shuffles, "dup2X2")).containsExactly("D", "C", "B", "A", "D", "C");
		assertThat(receivers(shuffles, "swap")).containsExactly("A", "B");
	}

	@Test
	void bytecodeThePassCannotFollowLeavesEverythingUnknown() {
		BytecodeClass shuffles = ClassFileParser.parse(GeneratedShuffles.classFile());
		BytecodeMethod broken = shuffles.getMethod("broken", "()Ljava/lang/Object;");
		assertThat(broken.getCalls()).singleElement()
			.satisfies((call) -> assertThat(call.getReceiver()).isSameAs(Value.ANY));
		assertThat(broken.getReturned()).isSameAs(Value.ANY);
		assertThat(shuffles.getFieldStores()).extracting((store) -> store.name() + "=" + store.value())
			.containsExactly("kept=any", "kept=any");
		assertThat(shuffles.getEscaping()).contains("A", GeneratedShuffles.NAME);
		BytecodeMethod constructor = shuffles.getMethod("<init>", "(Lcom/acme/Event;)V");
		assertThat(constructor.getConstructorStore("kept")).isNull();
		// It may return, and no call it made on its fields is known.
		assertThat(constructor.returnsNormally()).isTrue();
		assertThat(constructor.getCallsOnFieldsBeforeReturn()).isEmpty();
		assertThat(broken.returnsNormally()).isTrue();
		assertThat(constructor.getCalls()).allSatisfy((call) -> assertThat(call.getGuards()).isEmpty());
		assertThat(shuffles.comparedStrings()).isEmpty();
		assertThat(shuffles.comparedGetters()).isEmpty();
	}

	private static List<String> receivers(BytecodeClass type, String method) {
		return type.getMethod(method, "()V").getCalls().stream()
			.map((call) -> call.getReceiver().type())
			.toList();
	}

	private BytecodeMethod method(String name) {
		return this.parsed.getMethods().stream().filter((method) -> method.getName().equals(name)).findFirst().orElseThrow();
	}

	private List<CallSite> calls(String method, String callee) {
		return method(method).getCalls().stream().filter((call) -> call.getName().equals(callee)).toList();
	}

	@Test
	void aFieldAConstructorStoredIsKnownUntilItCallsAnotherConstructorOnItself() {
		BytecodeClass parsed = ClassFileParser.parse(delegatingConstructors());
		// Conn(Runnable r) { super(); this.res = r; this.res.run(); }: run() is made on the parameter.
		assertThat(runCallIn(parsed, "(Ljava/lang/Runnable;)V").getReceiverParameter()).isEqualTo(0);
		// Conn(Runnable r, int n) { this.res = r; this(new Thread()); this.res.run(); } (Java 25 allows the store
		// before this(...)): the other constructor stored its own value, so run() is not known to be made on r.
		assertThat(runCallIn(parsed, "(Ljava/lang/Runnable;I)V").getReceiverParameter()).isEqualTo(-1);
	}

	private static CallSite runCallIn(BytecodeClass type, String constructor) {
		return type.getMethods()
			.stream()
			.filter((method) -> method.getName().equals("<init>") && method.getDescriptor().equals(constructor))
			.flatMap((method) -> method.getCalls().stream())
			.filter((call) -> call.getName().equals("run"))
			.findFirst()
			.orElseThrow();
	}

	// javac 17 rejects a store before this(...), so the class is written with ASM, as javac 25 compiles it.
	private static byte[] delegatingConstructors() {
		String conn = "com/acme/generated/Conn";
		org.springframework.asm.ClassWriter writer = new org.springframework.asm.ClassWriter(
				org.springframework.asm.ClassWriter.COMPUTE_MAXS);
		writer.visit(org.springframework.asm.Opcodes.V17, org.springframework.asm.Opcodes.ACC_PUBLIC, conn, null,
				"java/lang/Object", null);
		writer.visitField(0, "res", "Ljava/lang/Runnable;", null, null).visitEnd();
		for (boolean delegates : new boolean[] { false, true }) {
			org.springframework.asm.MethodVisitor method = writer.visitMethod(org.springframework.asm.Opcodes.ACC_PUBLIC,
					"<init>", delegates ? "(Ljava/lang/Runnable;I)V" : "(Ljava/lang/Runnable;)V", null, null);
			method.visitCode();
			if (!delegates) {
				method.visitVarInsn(org.springframework.asm.Opcodes.ALOAD, 0);
				method.visitMethodInsn(org.springframework.asm.Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>",
						"()V", false);
			}
			method.visitVarInsn(org.springframework.asm.Opcodes.ALOAD, 0);
			method.visitVarInsn(org.springframework.asm.Opcodes.ALOAD, 1);
			method.visitFieldInsn(org.springframework.asm.Opcodes.PUTFIELD, conn, "res", "Ljava/lang/Runnable;");
			if (delegates) {
				method.visitVarInsn(org.springframework.asm.Opcodes.ALOAD, 0);
				method.visitTypeInsn(org.springframework.asm.Opcodes.NEW, "java/lang/Thread");
				method.visitInsn(org.springframework.asm.Opcodes.DUP);
				method.visitMethodInsn(org.springframework.asm.Opcodes.INVOKESPECIAL, "java/lang/Thread", "<init>",
						"()V", false);
				method.visitMethodInsn(org.springframework.asm.Opcodes.INVOKESPECIAL, conn, "<init>",
						"(Ljava/lang/Runnable;)V", false);
			}
			method.visitVarInsn(org.springframework.asm.Opcodes.ALOAD, 0);
			method.visitFieldInsn(org.springframework.asm.Opcodes.GETFIELD, conn, "res", "Ljava/lang/Runnable;");
			method.visitMethodInsn(org.springframework.asm.Opcodes.INVOKEINTERFACE, "java/lang/Runnable", "run", "()V",
					true);
			method.visitInsn(org.springframework.asm.Opcodes.RETURN);
			method.visitMaxs(0, 0);
			method.visitEnd();
		}
		writer.visitEnd();
		return writer.toByteArray();
	}

}
