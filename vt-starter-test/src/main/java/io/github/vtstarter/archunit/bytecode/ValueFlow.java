package io.github.vtstarter.archunit.bytecode;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.springframework.asm.Label;
import org.springframework.asm.Opcodes;
import org.springframework.asm.Type;

/**
 * Follows references through one method's instructions, so that each call knows what its receiver
 * may be ({@link CallSite#getReceiver()}), the method knows what it may return, and its class
 * knows what it stores in fields and which of its anonymous or local classes' instances leave the
 * method that created them.
 * <p>
 * A data-flow pass over the method's blocks: the operand stack (one slot per JVM word; a long or a
 * double takes two) and the local variables are simulated instruction by instruction; where code
 * meets after jumps, the states are joined, value by value; an exception handler starts with the
 * locals of every instruction it covers. Blocks are visited again until no state grows, so loops
 * are covered; each value has at most a few alternatives (see {@link Value#union}), so this ends.
 */
final class ValueFlow {

	private static final int LABEL = -1;

	// Blocks visited more often than this per instruction: the pass stops where it is (never met in
	// javac's code; a guard against pathological bytecode).
	private static final int MAX_VISITS_PER_INSTRUCTION = 64;

	private final BytecodeMethod method;

	private final List<Insn> instructions = new ArrayList<>();

	private final List<Label[]> tryCatchBlocks = new ArrayList<>();

	private Value returned;

	private final List<Object[]> fieldStores = new ArrayList<>();

	private final Set<String> escaping = new HashSet<>();

	// Where jumps and falls-through lead: the state at the start of each label, by label.
	private final Map<Label, State> entries = new HashMap<>();

	private final ArrayDeque<Integer> work = new ArrayDeque<>();

	private final java.util.BitSet queued = new java.util.BitSet();

	private final Map<Label, Integer> labelIndex = new HashMap<>();

	ValueFlow(BytecodeMethod method) {
		this.method = method;
	}

	void label(Label label) {
		this.labelIndex.put(label, this.instructions.size());
		this.instructions.add(new Insn(LABEL, label));
	}

	void tryCatch(Label start, Label end, Label handler) {
		this.tryCatchBlocks.add(new Label[] { start, end, handler });
	}

	void insn(int opcode) {
		this.instructions.add(new Insn(opcode, null));
	}

	void operand(int opcode, int operand) {
		Insn insn = new Insn(opcode, null);
		insn.operand = operand;
		this.instructions.add(insn);
	}

	void type(int opcode, String type) {
		Insn insn = new Insn(opcode, null);
		insn.owner = type;
		this.instructions.add(insn);
	}

	void member(int opcode, String owner, String name, String descriptor, CallSite call) {
		Insn insn = new Insn(opcode, null);
		insn.owner = owner;
		insn.name = name;
		insn.descriptor = descriptor;
		insn.call = call;
		this.instructions.add(insn);
	}

	void jump(int opcode, Label label) {
		this.instructions.add(new Insn(opcode, label));
	}

	void switchTo(Label dflt, Label[] labels) {
		Insn insn = new Insn(Opcodes.TABLESWITCH, dflt);
		insn.targets = labels;
		this.instructions.add(insn);
	}

	void constant(Object value) {
		Insn insn = new Insn(Opcodes.LDC, null);
		insn.operand = (value instanceof Long || value instanceof Double) ? 2 : 1;
		this.instructions.add(insn);
	}

	void newArray(int dimensions) {
		Insn insn = new Insn(Opcodes.MULTIANEWARRAY, null);
		insn.operand = dimensions;
		this.instructions.add(insn);
	}

	/**
	 * Runs the pass and records its results on the method, its calls and its class.
	 */
	void run() {
		Set<Label> targets = jumpTargets();
		List<List<Label>> handlersByInstruction = handlersByInstruction();
		State initial = new State(new ArrayList<>(), initialLocals());
		int[] visits = new int[this.instructions.size() + 1];
		this.work.add(-1);
		Map<Integer, State> starts = new HashMap<>();
		starts.put(-1, initial);
		while (!this.work.isEmpty()) {
			int start = this.work.poll();
			if (start >= 0) {
				this.queued.clear(start);
			}
			State state = (start < 0) ? starts.get(-1).copy() : this.entries.get(this.instructions.get(start).label).copy();
			for (int i = start + 1; i < this.instructions.size(); i++) {
				if (++visits[i] > MAX_VISITS_PER_INSTRUCTION) {
					break;
				}
				Insn insn = this.instructions.get(i);
				if (insn.opcode == LABEL) {
					if (targets.contains(insn.label)) {
						// Code meets here: join and go on from the joined state.
						flowInto(insn.label, state);
						break;
					}
					continue;
				}
				// The locals an exception handler starts with: those at the start of the block and
				// after each store the protected code makes.
				if (i == start + 1 || storesLocal(this.instructions.get(i - 1))) {
					for (Label handler : handlersByInstruction.get(i)) {
						flowInto(handler, new State(new ArrayList<>(List.of(Value.ANY)), new HashMap<>(state.locals)));
					}
				}
				if (!execute(insn, state)) {
					break;
				}
			}
		}
		this.method.setReturned(this.returned);
		BytecodeClass owner = this.method.getOwner();
		for (Object[] store : this.fieldStores) {
			owner.addFieldStore((String) store[0], (String) store[1], (Value) store[2]);
		}
		owner.addEscaping(this.escaping);
	}

	private static boolean storesLocal(Insn insn) {
		return insn.opcode >= Opcodes.ISTORE && insn.opcode <= Opcodes.ASTORE;
	}

	// The labels code jumps to (jumps, switches, exception handlers): only there do states meet.
	private Set<Label> jumpTargets() {
		Set<Label> targets = new HashSet<>();
		for (Insn insn : this.instructions) {
			if (insn.opcode != LABEL && insn.label != null) {
				targets.add(insn.label);
			}
			if (insn.targets != null) {
				targets.addAll(Arrays.asList(insn.targets));
			}
		}
		for (Label[] block : this.tryCatchBlocks) {
			targets.add(block[2]);
		}
		return targets;
	}

	// The handlers an exception thrown at each instruction may go to.
	private List<List<Label>> handlersByInstruction() {
		List<List<Label>> result = new ArrayList<>(this.instructions.size());
		for (int i = 0; i < this.instructions.size(); i++) {
			result.add(List.of());
		}
		for (Label[] block : this.tryCatchBlocks) {
			Integer from = this.labelIndex.get(block[0]);
			Integer to = this.labelIndex.get(block[1]);
			if (from == null || to == null) {
				continue;
			}
			for (int i = from; i < to; i++) {
				List<Label> handlers = result.get(i);
				if (handlers.isEmpty()) {
					handlers = new ArrayList<>(2);
					result.set(i, handlers);
				}
				if (!handlers.contains(block[2])) {
					handlers.add(block[2]);
				}
			}
		}
		return result;
	}

	// Joins a state into the start of a label; its block is visited (again) if that start grew.
	private void flowInto(Label label, State state) {
		Integer index = this.labelIndex.get(label);
		if (index == null) {
			return;
		}
		State before = this.entries.get(label);
		if (before != null && before.equals(state)) {
			return;
		}
		State joined = (before == null) ? state.copy() : join(before, state);
		if (before == null || !joined.equals(before)) {
			this.entries.put(label, joined);
			if (!this.queued.get(index)) {
				this.queued.set(index);
				this.work.add(index);
			}
		}
	}

	private State join(State first, State second) {
		List<Value> stack;
		if (first.stack.size() == second.stack.size()) {
			stack = new ArrayList<>(first.stack.size());
			for (int i = 0; i < first.stack.size(); i++) {
				stack.add(union(first.stack.get(i), second.stack.get(i)));
			}
		}
		else {
			// Unbalanced bytecode: keep the longer stack, forget its values.
			int size = Math.max(first.stack.size(), second.stack.size());
			stack = new ArrayList<>(java.util.Collections.nCopies(size, Value.ANY));
		}
		Map<Integer, Value> locals = new HashMap<>(first.locals);
		second.locals.forEach((slot, value) -> locals.merge(slot, value, this::union));
		return new State(stack, locals);
	}

	// A union that records as escaping the new instances lost when too many alternatives collapse.
	private Value union(Value first, Value second) {
		if (first == null || first.equals(second)) {
			return second;
		}
		if (second == null) {
			return first;
		}
		if (Value.exceedsAlternatives(first, second)) {
			escape(first);
			escape(second);
		}
		return Value.union(first, second);
	}

	private Map<Integer, Value> initialLocals() {
		Map<Integer, Value> initial = new HashMap<>();
		int slot = 0;
		if (!this.method.isStatic()) {
			initial.put(slot++, Value.thisOf(this.method.getOwner().getInternalName()));
		}
		for (Type parameter : Type.getArgumentTypes(this.method.getDescriptor())) {
			if (isReference(parameter)) {
				initial.put(slot, Value.ANY);
			}
			slot += parameter.getSize();
		}
		return initial;
	}

	// One instruction's effect on the stack; returns whether the next instruction can follow it.
	private boolean execute(Insn insn, State state) {
		List<Value> stack = state.stack;
		Map<Integer, Value> locals = state.locals;
		int op = insn.opcode;
		switch (op) {
			case Opcodes.ACONST_NULL:
				push(stack, Value.NULL);
				return true;
			case Opcodes.ALOAD:
				Value local = locals.get(insn.operand);
				push(stack, (local != null) ? local : Value.NULL);
				return true;
			case Opcodes.ASTORE:
				locals.put(insn.operand, pop(stack));
				return true;
			case Opcodes.ISTORE:
			case Opcodes.FSTORE:
				pop(stack);
				locals.remove(insn.operand);
				return true;
			case Opcodes.LSTORE:
			case Opcodes.DSTORE:
				pop(stack, 2);
				locals.remove(insn.operand);
				locals.remove(insn.operand + 1);
				return true;
			case Opcodes.AALOAD:
				pop(stack, 2);
				push(stack, Value.ANY);
				return true;
			case Opcodes.AASTORE:
				escape(pop(stack));
				pop(stack, 2);
				return true;
			case Opcodes.NEW:
				push(stack, Value.newInstance(insn.owner));
				return true;
			case Opcodes.CHECKCAST:
				push(stack, Value.cast(pop(stack), insn.owner));
				return true;
			case Opcodes.GETSTATIC:
			case Opcodes.GETFIELD:
				if (op == Opcodes.GETFIELD) {
					pop(stack);
				}
				pushTyped(stack, Type.getType(insn.descriptor), Value.field(insn.owner, insn.name, insn.descriptor));
				return true;
			case Opcodes.PUTSTATIC:
			case Opcodes.PUTFIELD:
				Type fieldType = Type.getType(insn.descriptor);
				Value stored = popTyped(stack, fieldType);
				if (op == Opcodes.PUTFIELD) {
					pop(stack);
				}
				if (isReference(fieldType)) {
					escape(stored);
					this.fieldStores.add(new Object[] { insn.owner, insn.name, stored });
				}
				return true;
			case Opcodes.INVOKEVIRTUAL:
			case Opcodes.INVOKESPECIAL:
			case Opcodes.INVOKESTATIC:
			case Opcodes.INVOKEINTERFACE:
				invoke(insn, stack);
				return true;
			case Opcodes.INVOKEDYNAMIC:
				for (Type argument : reversed(Type.getArgumentTypes(insn.descriptor))) {
					escape(popTyped(stack, argument));
				}
				pushTyped(stack, Type.getReturnType(insn.descriptor), Value.ANY);
				return true;
			case Opcodes.ARETURN:
				Value result = pop(stack);
				escape(result);
				this.returned = (this.returned == null) ? result : union(this.returned, result);
				return false;
			case Opcodes.ATHROW:
				escape(pop(stack));
				return false;
			case Opcodes.IRETURN:
			case Opcodes.LRETURN:
			case Opcodes.FRETURN:
			case Opcodes.DRETURN:
			case Opcodes.RETURN:
			case Opcodes.RET:
				return false;
			case Opcodes.GOTO:
				flowInto(insn.label, state);
				return false;
			case Opcodes.JSR:
				push(stack, Value.ANY);
				flowInto(insn.label, state);
				pop(stack);
				return true;
			case Opcodes.TABLESWITCH:
				pop(stack);
				flowInto(insn.label, state);
				for (Label target : insn.targets) {
					flowInto(target, state);
				}
				return false;
			case Opcodes.IFNULL:
			case Opcodes.IFNONNULL:
				pop(stack);
				flowInto(insn.label, state);
				return true;
			case Opcodes.LDC:
				push(stack, Value.ANY, insn.operand);
				return true;
			case Opcodes.MULTIANEWARRAY:
				pop(stack, insn.operand);
				push(stack, Value.ANY);
				return true;
			default:
				if (op >= Opcodes.IFEQ && op <= Opcodes.IF_ACMPNE) {
					pop(stack, (op <= Opcodes.IFLE) ? 1 : 2);
					flowInto(insn.label, state);
					return true;
				}
				return executeOther(op, stack);
		}
	}

	private void invoke(Insn insn, List<Value> stack) {
		Type[] arguments = Type.getArgumentTypes(insn.descriptor);
		for (Type argument : reversed(arguments)) {
			escape(popTyped(stack, argument));
		}
		if (insn.opcode != Opcodes.INVOKESTATIC) {
			Value receiver = pop(stack);
			if (insn.call != null) {
				insn.call.setReceiver(receiver);
			}
			if (receiver.mayBeThis()) {
				this.method.setUsesThis();
			}
		}
		Type returnType = Type.getReturnType(insn.descriptor);
		pushTyped(stack, returnType, (insn.call != null) ? Value.resultOf(insn.call) : Value.ANY);
	}

	// Instructions that only move primitives or whole words: their effect on the stack's size,
	// and the word shuffles of dup and swap.
	private static boolean executeOther(int op, List<Value> stack) {
		if (op >= Opcodes.DUP && op <= Opcodes.SWAP) {
			shuffle(op, stack);
			return true;
		}
		int[] effect = effectOf(op);
		pop(stack, effect[0]);
		push(stack, Value.ANY, effect[1]);
		return true;
	}

	// Words popped and pushed by an instruction that neither loads nor stores references.
	private static int[] effectOf(int op) {
		if (op == Opcodes.NOP || op == Opcodes.IINC) {
			return new int[] { 0, 0 };
		}
		if (op >= Opcodes.ICONST_M1 && op <= Opcodes.ICONST_5 || op == Opcodes.FCONST_0 || op == Opcodes.FCONST_1
				|| op == Opcodes.FCONST_2 || op == Opcodes.BIPUSH || op == Opcodes.SIPUSH || op == Opcodes.ILOAD
				|| op == Opcodes.FLOAD) {
			return new int[] { 0, 1 };
		}
		if (op == Opcodes.LCONST_0 || op == Opcodes.LCONST_1 || op == Opcodes.DCONST_0 || op == Opcodes.DCONST_1
				|| op == Opcodes.LLOAD || op == Opcodes.DLOAD) {
			return new int[] { 0, 2 };
		}
		switch (op) {
			case Opcodes.IALOAD:
			case Opcodes.FALOAD:
			case Opcodes.BALOAD:
			case Opcodes.CALOAD:
			case Opcodes.SALOAD:
				return new int[] { 2, 1 };
			case Opcodes.LALOAD:
			case Opcodes.DALOAD:
				return new int[] { 2, 2 };
			case Opcodes.IASTORE:
			case Opcodes.FASTORE:
			case Opcodes.BASTORE:
			case Opcodes.CASTORE:
			case Opcodes.SASTORE:
				return new int[] { 3, 0 };
			case Opcodes.LASTORE:
			case Opcodes.DASTORE:
				return new int[] { 4, 0 };
			case Opcodes.ISTORE:
			case Opcodes.FSTORE:
			case Opcodes.POP:
			case Opcodes.MONITORENTER:
			case Opcodes.MONITOREXIT:
				return new int[] { 1, 0 };
			case Opcodes.LSTORE:
			case Opcodes.DSTORE:
			case Opcodes.POP2:
				return new int[] { 2, 0 };
			case Opcodes.INEG:
			case Opcodes.FNEG:
			case Opcodes.I2F:
			case Opcodes.F2I:
			case Opcodes.I2B:
			case Opcodes.I2C:
			case Opcodes.I2S:
			case Opcodes.ARRAYLENGTH:
			case Opcodes.NEWARRAY:
			case Opcodes.ANEWARRAY:
			case Opcodes.INSTANCEOF:
				return new int[] { 1, 1 };
			case Opcodes.LNEG:
			case Opcodes.DNEG:
			case Opcodes.L2D:
			case Opcodes.D2L:
				return new int[] { 2, 2 };
			case Opcodes.I2L:
			case Opcodes.I2D:
			case Opcodes.F2L:
			case Opcodes.F2D:
				return new int[] { 1, 2 };
			case Opcodes.L2I:
			case Opcodes.L2F:
			case Opcodes.D2I:
			case Opcodes.D2F:
			case Opcodes.FCMPL:
			case Opcodes.FCMPG:
				return new int[] { 2, 1 };
			case Opcodes.LCMP:
			case Opcodes.DCMPL:
			case Opcodes.DCMPG:
				return new int[] { 4, 1 };
			case Opcodes.LSHL:
			case Opcodes.LSHR:
			case Opcodes.LUSHR:
				return new int[] { 3, 2 };
			default:
				break;
		}
		if (op >= Opcodes.IADD && op <= Opcodes.DREM || op >= Opcodes.IAND && op <= Opcodes.LXOR) {
			// Binary arithmetic in groups of int, long(, float, double): an odd distance from the
			// group's int opcode is a long or a double, two words per operand.
			int base = (op >= Opcodes.IAND) ? Opcodes.IAND : Opcodes.IADD;
			return ((op - base) % 2 == 1) ? new int[] { 4, 2 } : new int[] { 2, 1 };
		}
		if (op == Opcodes.ISHL || op == Opcodes.ISHR || op == Opcodes.IUSHR) {
			return new int[] { 2, 1 };
		}
		return new int[] { 0, 0 };
	}

	private static void shuffle(int op, List<Value> stack) {
		int size = stack.size();
		if (size < wordsUsedBy(op)) {
			// Unbalanced bytecode: keep the stack's size right, forget the values.
			int missing = wordsUsedBy(op) - size;
			for (int i = 0; i < missing; i++) {
				stack.add(0, Value.ANY);
			}
			size = stack.size();
		}
		Value w1 = stack.get(size - 1);
		switch (op) {
			case Opcodes.DUP:
				stack.add(w1);
				break;
			case Opcodes.DUP_X1:
				stack.add(size - 2, w1);
				break;
			case Opcodes.DUP_X2:
				stack.add(size - 3, w1);
				break;
			case Opcodes.DUP2:
				stack.add(stack.get(size - 2));
				stack.add(w1);
				break;
			case Opcodes.DUP2_X1:
				stack.add(size - 3, stack.get(size - 2));
				stack.add(size - 2, w1);
				break;
			case Opcodes.DUP2_X2:
				stack.add(size - 4, stack.get(size - 2));
				stack.add(size - 3, w1);
				break;
			default:
				stack.set(size - 1, stack.get(size - 2));
				stack.set(size - 2, w1);
				break;
		}
	}

	private static int wordsUsedBy(int op) {
		switch (op) {
			case Opcodes.DUP:
				return 1;
			case Opcodes.DUP_X1:
			case Opcodes.DUP2:
			case Opcodes.SWAP:
				return 2;
			case Opcodes.DUP_X2:
			case Opcodes.DUP2_X1:
				return 3;
			default:
				return 4;
		}
	}

	// The value leaves the method (argument, field, array, result, exception): an anonymous or
	// local class among its new instances may now be anywhere.
	private void escape(Value value) {
		switch (value.kind) {
			case NEW:
			case THIS:
				this.escaping.add(value.type);
				break;
			case CAST:
				escape(value.parts[0]);
				break;
			case UNION:
				for (Value part : value.parts) {
					escape(part);
				}
				break;
			default:
				break;
		}
	}

	private static void pushTyped(List<Value> stack, Type type, Value reference) {
		if (type.getSort() == Type.VOID) {
			return;
		}
		if (isReference(type)) {
			stack.add(reference);
		}
		else {
			push(stack, Value.ANY, type.getSize());
		}
	}

	private static Value popTyped(List<Value> stack, Type type) {
		if (isReference(type)) {
			return pop(stack);
		}
		pop(stack, type.getSize());
		return Value.ANY;
	}

	private static void push(List<Value> stack, Value value) {
		stack.add(value);
	}

	private static void push(List<Value> stack, Value value, int words) {
		for (int i = 0; i < words; i++) {
			stack.add(value);
		}
	}

	private static Value pop(List<Value> stack) {
		return stack.isEmpty() ? Value.ANY : stack.remove(stack.size() - 1);
	}

	private static void pop(List<Value> stack, int words) {
		for (int i = 0; i < words; i++) {
			pop(stack);
		}
	}

	private static boolean isReference(Type type) {
		return type.getSort() == Type.OBJECT || type.getSort() == Type.ARRAY;
	}

	private static Type[] reversed(Type[] types) {
		Type[] result = new Type[types.length];
		for (int i = 0; i < types.length; i++) {
			result[i] = types[types.length - 1 - i];
		}
		return result;
	}

	private static final class State {

		final List<Value> stack;

		final Map<Integer, Value> locals;

		State(List<Value> stack, Map<Integer, Value> locals) {
			this.stack = stack;
			this.locals = locals;
		}

		State copy() {
			return new State(new ArrayList<>(this.stack), new HashMap<>(this.locals));
		}

		@Override
		public boolean equals(Object other) {
			return other instanceof State && ((State) other).stack.equals(this.stack)
					&& ((State) other).locals.equals(this.locals);
		}

		@Override
		public int hashCode() {
			return this.stack.hashCode() * 31 + this.locals.hashCode();
		}

	}

	private static final class Insn {

		final int opcode;

		final Label label;

		Label[] targets;

		int operand;

		String owner;

		String name;

		String descriptor;

		CallSite call;

		Insn(int opcode, Label label) {
			this.opcode = opcode;
			this.label = label;
		}

	}

}
