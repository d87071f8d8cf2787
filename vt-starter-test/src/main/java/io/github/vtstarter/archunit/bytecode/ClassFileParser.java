package io.github.vtstarter.archunit.bytecode;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.springframework.asm.ClassReader;
import org.springframework.asm.ClassVisitor;
import org.springframework.asm.FieldVisitor;
import org.springframework.asm.Handle;
import org.springframework.asm.Label;
import org.springframework.asm.MethodVisitor;
import org.springframework.asm.Opcodes;
import org.springframework.asm.SpringAsmInfo;

/**
 * Reads a class file into a {@link BytecodeClass}: the calls of every method and, for each call,
 * the monitor held when it is made.
 * <p>
 * ArchUnit's importer skips {@code monitorenter}/{@code monitorexit} (ArchUnit issue 1315), so
 * the class file is read a second time with ASM. The ASM used is the copy Spring Framework
 * repackages in spring-core as {@code org.springframework.asm}: every application these rules
 * target has spring-core on its test classpath, it is the ASM Spring itself reads class files
 * with, so it costs no extra dependency and cannot clash with another ASM version. ArchUnit's own
 * shaded ASM would work too but lives in a {@code thirdparty} package ArchUnit declares internal.
 * <p>
 * Which instructions run under a monitor is decided by a small data-flow pass over the control
 * flow graph, not by scanning instructions in order: javac places the exception path of a
 * synchronized block (the catch-any handler that repeats {@code monitorexit} and rethrows) after
 * the normal exit, and code after the block may be laid out anywhere. The pass tracks the stack of
 * entered monitors along jumps, switches and exception edges. Exception edges follow the JVM's
 * rule that the first matching entry of the exception table wins, so code in a {@code catch}
 * around a synchronized block is correctly seen as running after the block released its monitor.
 */
public final class ClassFileParser {

	// Spring Framework 6.0's ASM refuses class files newer than Java 21 (major 65). Nothing these
	// rules read changed since, so such files are read as if they were version 65.
	private static final int HIGHEST_READABLE_MAJOR_VERSION = 65;

	// Guards against bytecode that enters monitors in a loop without leaving them.
	private static final int MAX_MONITOR_DEPTH = 32;

	private ClassFileParser() {
	}

	public static BytecodeClass parse(byte[] classFile) {
		ClassReader reader = new ClassReader(readableVersion(classFile));
		ClassVisitorImpl visitor = new ClassVisitorImpl();
		reader.accept(visitor, ClassReader.SKIP_FRAMES);
		return visitor.result;
	}

	/**
	 * Reads only the header of a class file.
	 * @param classFile the class file
	 * @return the class without methods
	 */
	static BytecodeClass parseHeader(byte[] classFile) {
		ClassReader reader = new ClassReader(readableVersion(classFile));
		BytecodeClass header = new BytecodeClass(reader.getClassName(), reader.getSuperName(), reader.getInterfaces(),
				(reader.getAccess() & Opcodes.ACC_INTERFACE) != 0);
		header.setFinal((reader.getAccess() & Opcodes.ACC_FINAL) != 0);
		return header;
	}

	private static byte[] readableVersion(byte[] classFile) {
		if (classFile.length > 8) {
			int major = ((classFile[6] & 0xFF) << 8) | (classFile[7] & 0xFF);
			if (major > HIGHEST_READABLE_MAJOR_VERSION) {
				byte[] copy = classFile.clone();
				copy[6] = (byte) (HIGHEST_READABLE_MAJOR_VERSION >>> 8);
				copy[7] = (byte) HIGHEST_READABLE_MAJOR_VERSION;
				return copy;
			}
		}
		return classFile;
	}

	private static final class ClassVisitorImpl extends ClassVisitor {

		private BytecodeClass result;

		ClassVisitorImpl() {
			super(SpringAsmInfo.ASM_VERSION);
		}

		@Override
		public void visit(int version, int access, String name, String signature, String superName,
				String[] interfaces) {
			this.result = new BytecodeClass(name, superName, interfaces, (access & Opcodes.ACC_INTERFACE) != 0);
			this.result.setAccess(access);
			this.result.setFinal((access & Opcodes.ACC_FINAL) != 0);
		}

		@Override
		public void visitSource(String source, String debug) {
			this.result.setSourceFile(source);
		}

		// javac writes an EnclosingMethod attribute for anonymous and local classes only.
		@Override
		public void visitOuterClass(String owner, String name, String descriptor) {
			this.result.setLocalOrAnonymous();
		}

		@Override
		public FieldVisitor visitField(int access, String name, String descriptor, String signature, Object value) {
			this.result.addField(name);
			if ((access & Opcodes.ACC_FINAL) != 0) {
				this.result.addFinalField(name);
			}
			if ((access & Opcodes.ACC_ENUM) != 0) {
				this.result.addEnumConstant(name);
			}
			return null;
		}

		@Override
		public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
				String[] exceptions) {
			BytecodeMethod method = new BytecodeMethod(this.result, access, name, descriptor);
			this.result.addMethod(method);
			return method.hasCode() ? new MethodBodyVisitor(method) : null;
		}

	}

	/**
	 * Records the instructions that matter for monitors and control flow (labels, jumps, switches,
	 * returns and throws, monitor instructions and calls) and runs the data-flow pass at the end.
	 * Other instructions neither change the held monitors nor the flow, so they are skipped.
	 */
	private static final class MethodBodyVisitor extends MethodVisitor {

		private static final int LABEL = 0;

		private static final int CALL = 1;

		private static final int MONITOR_ENTER = 2;

		private static final int MONITOR_EXIT = 3;

		private static final int CONDITIONAL_JUMP = 4;

		private static final int GOTO = 5;

		private static final int SWITCH = 6;

		private static final int END_OF_FLOW = 7;

		private static final int FUNCTION = 8;

		private static final Set<String> IN_MEMORY_STREAMS = Set.of("java/io/ByteArrayInputStream",
				"java/io/ByteArrayOutputStream", "java/io/StringReader", "java/io/StringWriter", "java/io/CharArrayReader",
				"java/io/CharArrayWriter");

		private static final String LAMBDA_METAFACTORY = "java/lang/invoke/LambdaMetafactory";

		// Methods of java.util types that run a function argument before they return. Stream
		// operations are included: a stream built under a monitor is almost always consumed there.
		private static final Set<String> FUNCTION_RUNNING_METHODS = Set.of("forEach", "forEachOrdered",
				"forEachRemaining", "removeIf", "replaceAll", "computeIfAbsent", "computeIfPresent", "compute", "merge",
				"ifPresent", "ifPresentOrElse", "orElseGet", "orElseThrow", "or", "map", "flatMap", "filter", "peek",
				"mapToInt", "mapToLong", "mapToDouble", "mapToObj", "anyMatch", "allMatch", "noneMatch", "reduce",
				"collect", "sort", "takeWhile", "dropWhile", "iterate", "generate");

		private final BytecodeMethod method;

		private final ValueFlow flow;

		private final List<Node> nodes = new ArrayList<>();

		private final Map<Label, Integer> labelNodes = new HashMap<>();

		private final List<Label[]> tryCatchBlocks = new ArrayList<>();

		private final List<Boolean> catchesAll = new ArrayList<>();

		private int line = -1;

		private boolean entersMonitor;

		// The end of the block of an "if (...is*Enabled())": calls before it are diagnostic.
		private Label levelGuardEnd;

		MethodBodyVisitor(BytecodeMethod method) {
			super(SpringAsmInfo.ASM_VERSION);
			this.method = method;
			this.flow = new ValueFlow(method);
		}

		@Override
		public void visitLabel(Label label) {
			this.flow.label(label);
			if (label == this.levelGuardEnd) {
				this.levelGuardEnd = null;
			}
			this.labelNodes.put(label, this.nodes.size());
			this.nodes.add(new Node(LABEL, this.line));
		}

		@Override
		public void visitLineNumber(int line, Label start) {
			this.line = line;
			if (this.method.getFirstLine() < 0) {
				this.method.setFirstLine(line);
			}
		}

		@Override
		public void visitInsn(int opcode) {
			this.flow.insn(opcode);
			if (opcode == Opcodes.MONITORENTER) {
				this.entersMonitor = true;
				this.nodes.add(new Node(MONITOR_ENTER, this.line));
			}
			else if (opcode == Opcodes.MONITOREXIT) {
				this.nodes.add(new Node(MONITOR_EXIT, this.line));
			}
			else if ((opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) || opcode == Opcodes.ATHROW) {
				this.levelGuardEnd = null;
				this.nodes.add(new Node(END_OF_FLOW, this.line));
			}
		}

		@Override
		public void visitIntInsn(int opcode, int operand) {
			this.flow.operand(opcode, operand);
		}

		@Override
		public void visitLdcInsn(Object value) {
			this.flow.constant(value);
		}

		@Override
		public void visitMultiANewArrayInsn(String descriptor, int numDimensions) {
			this.flow.newArray(numDimensions);
		}

		@Override
		public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
			this.flow.member(opcode, owner, name, descriptor, null);
		}

		@Override
		public void visitTypeInsn(int opcode, String type) {
			this.flow.type(opcode, type);
			if (opcode == Opcodes.NEW) {
				this.method.getOwner().addInstantiated(type);
				if (IN_MEMORY_STREAMS.contains(type)) {
					this.method.setCreatesInMemoryStream();
				}
			}
		}

		@Override
		public void visitVarInsn(int opcode, int varIndex) {
			this.flow.operand(opcode, varIndex);
			if (opcode == Opcodes.RET) {
				this.nodes.add(new Node(END_OF_FLOW, this.line));
			}
		}

		@Override
		public void visitJumpInsn(int opcode, Label label) {
			if (opcode == Opcodes.IFEQ && this.levelGuardEnd == null && !this.nodes.isEmpty()
					&& this.labelNodes.get(label) == null && isLevelCheck(this.nodes.get(this.nodes.size() - 1))) {
				this.levelGuardEnd = label;
			}
			if (opcode == Opcodes.GOTO) {
				// The end of an if-block that has an else: what follows is not guarded.
				this.levelGuardEnd = null;
			}
			this.flow.jump(opcode, label);
			Node node = new Node((opcode == Opcodes.GOTO) ? GOTO : CONDITIONAL_JUMP, this.line);
			node.targets = new Label[] { label };
			this.nodes.add(node);
		}

		@Override
		public void visitIincInsn(int varIndex, int increment) {
			this.flow.operand(Opcodes.IINC, varIndex);
		}

		@Override
		public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
			int[] keys = new int[labels.length];
			for (int i = 0; i < keys.length; i++) {
				keys[i] = min + i;
			}
			addSwitch(dflt, keys, labels);
		}

		@Override
		public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
			addSwitch(dflt, keys, labels);
		}

		private void addSwitch(Label dflt, int[] keys, Label[] labels) {
			this.flow.switchTo(dflt, keys, labels);
			Node node = new Node(SWITCH, this.line);
			node.targets = new Label[labels.length + 1];
			node.targets[0] = dflt;
			System.arraycopy(labels, 0, node.targets, 1, labels.length);
			this.nodes.add(node);
		}

		@Override
		public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
			Node node = new Node(CALL, this.line);
			node.call = new CallSite(this.method, opcode, owner, name, descriptor, this.line);
			this.flow.member(opcode, owner, name, descriptor, node.call);
			if (this.levelGuardEnd != null) {
				node.call.setGuardedByLevelCheck();
			}
			this.method.addCall(node.call);
			this.nodes.add(node);
		}

		// invokedynamic is not a call: for a lambda or method reference it only creates the
		// function object, whose body runs whenever that object is invoked, typically later and
		// elsewhere (anonymous classes work the same way: only their constructor runs here). The
		// exception is a function handed straight to a java.util method that runs it before
		// returning, such as forEach or computeIfAbsent: see addCallsOfFunctionsRunOnTheSpot().
		@Override
		public void visitInvokeDynamicInsn(String name, String descriptor, Handle bootstrapMethodHandle,
				Object... bootstrapMethodArguments) {
			this.flow.member(Opcodes.INVOKEDYNAMIC, null, name, descriptor, null);
			if (LAMBDA_METAFACTORY.equals(bootstrapMethodHandle.getOwner()) && bootstrapMethodArguments.length > 1
					&& bootstrapMethodArguments[1] instanceof Handle) {
				Node node = new Node(FUNCTION, this.line);
				node.function = (Handle) bootstrapMethodArguments[1];
				this.nodes.add(node);
				this.method.getOwner().addMethodReference(node.function.getOwner(), node.function.getName(),
						node.function.getDesc());
			}
		}

		@Override
		public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
			this.flow.tryCatch(start, end, handler);
			this.tryCatchBlocks.add(new Label[] { start, end, handler });
			this.catchesAll.add(type == null);
		}

		@Override
		public void visitEnd() {
			this.flow.run();
			MonitorRegion[] held = null;
			if (this.method.isSynchronized() || this.entersMonitor) {
				held = markCallsUnderMonitors();
			}
			addCallsOfFunctionsRunOnTheSpot(held);
		}

		// A lambda or method reference whose next call is, e.g., List.forEach or Map.computeIfAbsent
		// is passed to that call and runs during it: its body counts as called from here, under the
		// monitors held where the function is created.
		private void addCallsOfFunctionsRunOnTheSpot(MonitorRegion[] held) {
			for (int i = 0; i < this.nodes.size(); i++) {
				Node node = this.nodes.get(i);
				if (node.kind != FUNCTION) {
					continue;
				}
				Node consumer = nextCall(i);
				if (consumer != null && runsFunctionOnTheSpot(consumer.call)) {
					Handle function = node.function;
					CallSite call = new CallSite(this.method, opcodeOf(function), function.getOwner(), function.getName(),
							function.getDesc(), node.line);
					// A lambda body of this class runs for the object that created it; any other
					// method reference for whatever object it was bound to.
					if (function.getTag() != Opcodes.H_INVOKESTATIC && !this.method.isStatic()
							&& function.getOwner().equals(this.method.getOwner().getInternalName())) {
						call.setReceiver(Value.thisOf(function.getOwner()));
						this.method.setUsesThis();
					}
					if (held != null) {
						call.setRegion(held[i]);
					}
					this.method.addCall(call);
				}
			}
		}

		// isDebugEnabled(), isTraceEnabled(), isEnabled(int), isLoggable(Level): boolean checks of a level.
		private static boolean isLevelCheck(Node node) {
			if (node.kind != CALL || !node.call.getDescriptor().endsWith(")Z")) {
				return false;
			}
			String name = node.call.getName();
			return (name.startsWith("is") && name.endsWith("Enabled")) || "isLoggable".equals(name);
		}

		private Node nextCall(int index) {
			for (int i = index + 1; i < this.nodes.size(); i++) {
				Node node = this.nodes.get(i);
				if (node.kind == CALL) {
					return node;
				}
				if (node.kind != LABEL && node.kind != FUNCTION) {
					return null;
				}
			}
			return null;
		}

		private static boolean runsFunctionOnTheSpot(CallSite call) {
			return call.getOwnerInternalName().startsWith("java/util/")
					&& !call.getOwnerInternalName().startsWith("java/util/concurrent/Executor")
					&& !call.getOwnerInternalName().startsWith("java/util/concurrent/CompletableFuture")
					&& !call.getOwnerInternalName().startsWith("java/util/concurrent/ScheduledExecutor")
					&& !call.getOwnerInternalName().startsWith("java/util/Timer")
					&& FUNCTION_RUNNING_METHODS.contains(call.getName());
		}

		private static int opcodeOf(Handle function) {
			switch (function.getTag()) {
				case Opcodes.H_INVOKEVIRTUAL:
					return Opcodes.INVOKEVIRTUAL;
				case Opcodes.H_INVOKEINTERFACE:
					return Opcodes.INVOKEINTERFACE;
				case Opcodes.H_INVOKESTATIC:
					return Opcodes.INVOKESTATIC;
				default:
					return Opcodes.INVOKESPECIAL;
			}
		}

		private MonitorRegion[] markCallsUnderMonitors() {
			int count = this.nodes.size();
			List<List<Integer>> handlers = exceptionHandlersPerNode(count);
			MonitorRegion[] held = new MonitorRegion[count];
			int[] depth = new int[count];
			Arrays.fill(depth, -1);
			MonitorRegion initial = this.method.isSynchronized() ? new MonitorRegion(this.method, true, -1, null) : null;
			Deque<Integer> work = new ArrayDeque<>();
			flowInto(0, initial, held, depth, work);
			while (!work.isEmpty()) {
				int index = work.poll();
				Node node = this.nodes.get(index);
				MonitorRegion before = held[index];
				for (int handler : handlers.get(index)) {
					flowInto(handler, before, held, depth, work);
				}
				MonitorRegion after = before;
				if (node.kind == MONITOR_ENTER && depth[index] < MAX_MONITOR_DEPTH) {
					after = new MonitorRegion(this.method, false, node.line, before);
				}
				else if (node.kind == MONITOR_EXIT && before != null && !before.isWholeMethod()) {
					after = before.getEnclosing();
				}
				if (node.kind != GOTO && node.kind != SWITCH && node.kind != END_OF_FLOW) {
					flowInto(index + 1, after, held, depth, work);
				}
				if (node.targets != null) {
					for (Label target : node.targets) {
						flowInto(this.labelNodes.get(target), after, held, depth, work);
					}
				}
			}
			for (int i = 0; i < count; i++) {
				Node node = this.nodes.get(i);
				if (node.kind == CALL && depth[i] >= 0) {
					node.call.setRegion(held[i]);
				}
			}
			return held;
		}

		// Where state reaches a node along several paths, the deeper monitor stack wins: javac's
		// structured locking never produces different stacks, and for other code over-reporting
		// is the safe side. Depth only grows and is capped, so the pass terminates.
		private void flowInto(Integer index, MonitorRegion state, MonitorRegion[] held, int[] depth,
				Deque<Integer> work) {
			if (index == null || index >= this.nodes.size()) {
				return;
			}
			int stateDepth = depthOf(state);
			if (stateDepth > depth[index]) {
				depth[index] = stateDepth;
				held[index] = state;
				work.add(index);
			}
		}

		private static int depthOf(MonitorRegion region) {
			int result = 0;
			for (MonitorRegion current = region; current != null; current = current.getEnclosing()) {
				result++;
			}
			return result;
		}

		// An exception thrown at a node goes to the first entry of the exception table that covers
		// it and catches its type; an entry catching everything (finally, synchronized) ends the
		// search, later entries for the same node are unreachable from it.
		private List<List<Integer>> exceptionHandlersPerNode(int count) {
			List<List<Integer>> result = new ArrayList<>(count);
			for (int i = 0; i < count; i++) {
				result.add(new ArrayList<>(1));
			}
			boolean[] caughtByAll = new boolean[count];
			for (int block = 0; block < this.tryCatchBlocks.size(); block++) {
				Label[] labels = this.tryCatchBlocks.get(block);
				Integer start = this.labelNodes.get(labels[0]);
				Integer end = this.labelNodes.get(labels[1]);
				Integer handler = this.labelNodes.get(labels[2]);
				if (start == null || end == null || handler == null) {
					continue;
				}
				for (int i = start; i < end; i++) {
					if (!caughtByAll[i]) {
						result.get(i).add(handler);
						caughtByAll[i] = this.catchesAll.get(block);
					}
				}
			}
			return result;
		}

	}

	private static final class Node {

		final int kind;

		final int line;

		Label[] targets;

		CallSite call;

		Handle function;

		Node(int kind, int line) {
			this.kind = kind;
			this.line = line;
		}

	}

}
