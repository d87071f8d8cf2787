package io.github.vtstarter.archunit.bytecode;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
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
 * double takes two) and the local variables are simulated instruction by instruction; where jumps
 * lead, the states are joined, value by value; an exception handler starts with the locals of the
 * code it covers. Blocks are visited again until no state grows; values only grow and have at most
 * a few alternatives (see {@link Value#union}), so this ends. {@code int}-like words are followed
 * as far as constants and the parameters' values on entry go, and each state carries what the
 * comparisons that led to it say about those parameters ({@link ParameterGuard}); a call records
 * the guards it runs under and the constants or parameters it passes on. Where paths meet, only
 * the guards of every path stay, so guards only shrink. Bytecode the pass cannot follow (a
 * stack that runs dry, stacks of different heights meeting: javac never writes either) leaves every
 * receiver, result and stored field of the method unknown, and its new instances escaping.
 */
final class ValueFlow {

	private static final int LABEL = -1;

	// Words popped and pushed by the instructions that neither load nor store references, by opcode.
	private static final int[] POPS = new int[256];

	private static final int[] PUSHES = new int[256];

	static {
		effect(0, 1, Opcodes.ICONST_M1, Opcodes.ICONST_0, Opcodes.ICONST_1, Opcodes.ICONST_2, Opcodes.ICONST_3,
				Opcodes.ICONST_4, Opcodes.ICONST_5, Opcodes.FCONST_0, Opcodes.FCONST_1, Opcodes.FCONST_2, Opcodes.BIPUSH,
				Opcodes.SIPUSH, Opcodes.ILOAD, Opcodes.FLOAD);
		effect(0, 2, Opcodes.LCONST_0, Opcodes.LCONST_1, Opcodes.DCONST_0, Opcodes.DCONST_1, Opcodes.LLOAD,
				Opcodes.DLOAD);
		effect(2, 1, Opcodes.AALOAD, Opcodes.FALOAD, Opcodes.BALOAD, Opcodes.CALOAD, Opcodes.SALOAD, Opcodes.IADD,
				Opcodes.FADD, Opcodes.ISUB, Opcodes.FSUB, Opcodes.IMUL, Opcodes.FMUL, Opcodes.IDIV, Opcodes.FDIV,
				Opcodes.IREM, Opcodes.FREM, Opcodes.ISHL, Opcodes.ISHR, Opcodes.IUSHR, Opcodes.IAND, Opcodes.IOR,
				Opcodes.IXOR, Opcodes.L2I, Opcodes.L2F, Opcodes.D2I, Opcodes.D2F, Opcodes.FCMPL, Opcodes.FCMPG);
		effect(2, 2, Opcodes.LALOAD, Opcodes.DALOAD, Opcodes.LNEG, Opcodes.DNEG, Opcodes.L2D, Opcodes.D2L);
		effect(3, 0, Opcodes.FASTORE, Opcodes.BASTORE, Opcodes.CASTORE, Opcodes.SASTORE);
		effect(4, 0, Opcodes.LASTORE, Opcodes.DASTORE);
		effect(1, 0, Opcodes.ISTORE, Opcodes.FSTORE, Opcodes.POP, Opcodes.MONITORENTER, Opcodes.MONITOREXIT,
				Opcodes.IFEQ, Opcodes.IFNE, Opcodes.IFLT, Opcodes.IFGE, Opcodes.IFGT, Opcodes.IFLE, Opcodes.IFNULL,
				Opcodes.IFNONNULL, Opcodes.IRETURN, Opcodes.FRETURN);
		effect(2, 0, Opcodes.LSTORE, Opcodes.DSTORE, Opcodes.POP2, Opcodes.IF_ICMPEQ, Opcodes.IF_ICMPNE,
				Opcodes.IF_ICMPLT, Opcodes.IF_ICMPGE, Opcodes.IF_ICMPGT, Opcodes.IF_ICMPLE, Opcodes.IF_ACMPEQ,
				Opcodes.IF_ACMPNE, Opcodes.LRETURN, Opcodes.DRETURN);
		effect(1, 1, Opcodes.INEG, Opcodes.FNEG, Opcodes.I2F, Opcodes.F2I, Opcodes.I2B, Opcodes.I2C, Opcodes.I2S,
				Opcodes.ARRAYLENGTH, Opcodes.NEWARRAY, Opcodes.ANEWARRAY, Opcodes.INSTANCEOF);
		effect(1, 2, Opcodes.I2L, Opcodes.I2D, Opcodes.F2L, Opcodes.F2D);
		effect(4, 2, Opcodes.LADD, Opcodes.DADD, Opcodes.LSUB, Opcodes.DSUB, Opcodes.LMUL, Opcodes.DMUL, Opcodes.LDIV,
				Opcodes.DDIV, Opcodes.LREM, Opcodes.DREM, Opcodes.LAND, Opcodes.LOR, Opcodes.LXOR);
		effect(3, 2, Opcodes.LSHL, Opcodes.LSHR, Opcodes.LUSHR);
		effect(4, 1, Opcodes.LCMP, Opcodes.DCMPL, Opcodes.DCMPG);
	}

	private final BytecodeMethod method;

	private final List<Insn> instructions = new ArrayList<>();

	private final List<Label[]> tryCatchBlocks = new ArrayList<>();

	// Built on first use: see callsInLoops().
	private Set<CallSite> callsInLoops;

	private final Map<Label, Integer> labelIndex = new HashMap<>();

	// Where jumps and falls-through lead: the state at the start of each label that code jumps to.
	private final Map<Label, State> entries = new HashMap<>();

	private final ArrayDeque<Integer> work = new ArrayDeque<>();

	private final BitSet queued = new BitSet();

	private Value returned;

	// Whether some path reaches a return instruction: a method that only throws never returns.
	private boolean returnsNormally;

	// A constructor's calls on its own object's fields that returned on every path to a return; null while no
	// return was reached (see BytecodeMethod#getCallsOnFieldsBeforeReturn).
	private Set<FieldCall> callsOnFieldsBeforeReturn;

	// Set by an instruction that changed the state's OwnFields (a store, an escape of this): the exception
	// handlers that cover it may be entered after it, so they see the state after it too.
	private boolean ownFieldsChanged;

	// A constructor's stores into its own object's fields (see BytecodeMethod#getConstructorStore).
	private final Map<String, Value> constructorStores = new HashMap<>(0);

	// The strings the guards of this method compare with, and the getters whose value they compare.
	private final Set<String> comparedStrings = new HashSet<>(0);

	private final Set<String> comparedGetters = new HashSet<>(0);

	private final List<FieldStore> fieldStores = new ArrayList<>();

	private final Set<String> escaping = new HashSet<>();

	// What a class initializer stores into javac's switch maps.
	private final List<SwitchKey> switchKeys = new ArrayList<>(0);

	ValueFlow(BytecodeMethod method) {
		this.method = method;
	}

	private static void effect(int pops, int pushes, int... opcodes) {
		for (int opcode : opcodes) {
			POPS[opcode] = pops;
			PUSHES[opcode] = pushes;
		}
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

	void switchTo(Label dflt, int[] keys, Label[] labels) {
		Insn insn = new Insn(Opcodes.TABLESWITCH, dflt);
		insn.targets = labels;
		insn.keys = keys;
		this.instructions.add(insn);
	}

	void constant(Object value) {
		Insn insn = new Insn(Opcodes.LDC, null);
		insn.operand = (value instanceof Long || value instanceof Double) ? 2 : 1;
		insn.constant = (value instanceof Integer) ? Value.intConstant((Integer) value)
				: (value instanceof String) ? Value.string((String) value) : Value.ANY;
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
		try {
			flow();
		}
		catch (RuntimeException ex) {
			knowNothing();
		}
		this.method.setReturned(this.returned);
		this.method.setReturnsNormally(this.returnsNormally);
		this.method.setCallsOnFieldsBeforeReturn(this.callsOnFieldsBeforeReturn);
		this.method.setConstructorStores(this.constructorStores);
		BytecodeClass owner = this.method.getOwner();
		this.fieldStores.forEach(owner::addFieldStore);
		owner.addEscaping(this.escaping);
		this.comparedStrings.forEach(owner::addComparedString);
		this.comparedGetters.forEach(owner::addComparedGetter);
		for (SwitchKey key : this.switchKeys) {
			owner.addSwitchKey(key.switchMap(), key.constant(), key.key());
		}
	}

	private void flow() {
		Set<Label> targets = jumpTargets();
		List<List<Label>> handlers = handlersByInstruction();
		this.work.add(-1);
		while (!this.work.isEmpty()) {
			int start = this.work.poll();
			State state = (start < 0) ? new State(new ArrayList<>(), initialLocals(), new HashSet<>(), OwnFields.NONE)
					: this.entries.get(this.instructions.get(start).label).copy();
			this.queued.clear(start + 1);
			// The locals an exception handler starts with: those at the start of the block and after
			// each store the protected code makes.
			boolean handlersSeeLocals = true;
			List<Label> lastCovering = null;
			for (int i = start + 1; i < this.instructions.size(); i++) {
				Insn insn = this.instructions.get(i);
				if (insn.opcode == LABEL) {
					if (targets.contains(insn.label)) {
						// Code meets here: join, and go on from the joined state when it grew.
						flowInto(insn.label, state);
						break;
					}
					continue;
				}
				// Also where protected code starts, so that a handler is flowed even when that code stores nothing.
				List<Label> covering = handlers.get(i);
				if (handlersSeeLocals || !covering.equals(lastCovering)) {
					flowIntoHandlers(covering, state);
				}
				lastCovering = covering;
				handlersSeeLocals = insn.opcode == Opcodes.ASTORE || insn.opcode == Opcodes.ISTORE
						|| insn.opcode == Opcodes.IINC;
				this.ownFieldsChanged = false;
				boolean goesOn = execute(insn, state);
				if (this.ownFieldsChanged) {
					// A call that let this escape may throw after the escape.
					flowIntoHandlers(covering, state);
				}
				if (!goesOn) {
					break;
				}
			}
		}
	}

	private void flowIntoHandlers(List<Label> handlers, State state) {
		for (Label handler : handlers) {
			// A handler's lastReturnedOnField stays null: what threw may be that very call.
			flowInto(handler, new State(new ArrayList<>(List.of(Value.ANY)), new HashMap<>(state.locals),
					new HashSet<>(state.guards), state.ownFields));
		}
	}

	// Bytecode the pass cannot follow: nothing is known, everything created escapes.
	private void knowNothing() {
		this.fieldStores.clear();
		this.switchKeys.clear();
		this.constructorStores.clear();
		this.comparedStrings.clear();
		this.comparedGetters.clear();
		this.returned = Value.ANY;
		this.returnsNormally = true;
		// A constructor the pass cannot follow may return, having made no call known.
		this.callsOnFieldsBeforeReturn = isConstructor() ? new HashSet<>() : null;
		for (Insn insn : this.instructions) {
			if (insn.call != null) {
				insn.call.setReceiver(Value.ANY);
				insn.call.setGuards(Set.of());
				insn.call.setArguments(new Value[0]);
				// What a pass that failed half-way set from its early states holds no more.
				insn.call.setTrueChecks(Set.of());
				insn.call.setReturnedOnReceiver(null);
			}
			else if (insn.opcode == Opcodes.NEW) {
				this.escaping.add(insn.owner);
			}
			else if ((insn.opcode == Opcodes.PUTFIELD || insn.opcode == Opcodes.PUTSTATIC)
					&& isReference(Type.getType(insn.descriptor))) {
				this.fieldStores.add(new FieldStore(insn.owner, insn.name, Value.ANY, false));
			}
		}
		this.escaping.add(this.method.getOwner().getInternalName());
	}

	// The labels code jumps to (jumps, switches, exception handlers): only there do states meet.
	private Set<Label> jumpTargets() {
		Set<Label> targets = new HashSet<>();
		for (Insn insn : this.instructions) {
			if (insn.opcode != LABEL) {
				targets.add(insn.label);
				targets.addAll(List.of(insn.targets));
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
			result.add(new ArrayList<>(0));
		}
		for (Label[] block : this.tryCatchBlocks) {
			for (int i = this.labelIndex.get(block[0]); i < this.labelIndex.get(block[1]); i++) {
				result.get(i).add(block[2]);
			}
		}
		return result;
	}

	// Joins a state into the start of a label; its block is visited (again) if that start grew.
	private void flowInto(Label label, State state) {
		State before = this.entries.get(label);
		State joined = (before == null) ? state.copy() : join(before, state);
		if (before == null || !joined.sameAs(before)) {
			this.entries.put(label, joined);
			int index = this.labelIndex.get(label);
			if (!this.queued.get(index + 1)) {
				this.queued.set(index + 1);
				this.work.add(index);
			}
		}
	}

	private State join(State first, State second) {
		if (first.stack.size() != second.stack.size()) {
			throw new IllegalStateException("Stacks of different heights meet in " + this.method);
		}
		List<Value> stack = new ArrayList<>(first.stack.size());
		for (int i = 0; i < first.stack.size(); i++) {
			stack.add(union(first.stack.get(i), second.stack.get(i)));
		}
		Map<Integer, Value> locals = new HashMap<>(first.locals);
		second.locals.forEach((slot, value) -> locals.merge(slot, value, this::union));
		Set<ParameterGuard> guards = new HashSet<>(first.guards);
		guards.retainAll(second.guards);
		State joined = new State(stack, locals, guards, first.ownFields.join(second.ownFields));
		joined.lastReturnedOnField = java.util.Objects.equals(first.lastReturnedOnField, second.lastReturnedOnField)
				? first.lastReturnedOnField : null;
		if (!first.trueChecks.isEmpty() && !second.trueChecks.isEmpty()) {
			Set<Checked> both = new HashSet<>(first.trueChecks);
			both.retainAll(second.trueChecks);
			joined.trueChecks = Set.copyOf(both);
		}
		return joined;
	}

	// A union that records as escaping the new instances lost when too many alternatives collapse.
	private Value union(Value first, Value second) {
		Value union = Value.union(first, second);
		if (union == Value.TOP) {
			escape(first);
			escape(second);
		}
		return union;
	}

	private Map<Integer, Value> initialLocals() {
		Map<Integer, Value> initial = new HashMap<>();
		int slot = 0;
		if (!this.method.isStatic()) {
			initial.put(slot++, Value.thisOf(this.method.getOwner().getInternalName()));
		}
		Type[] parameters = Type.getArgumentTypes(this.method.getDescriptor());
		for (int i = 0; i < parameters.length; i++) {
			Value parameter = Value.parameter(i,
					(parameters[i].getSort() == Type.OBJECT) ? parameters[i].getInternalName() : null);
			initial.put(slot, (isIntLike(parameters[i]) || isReference(parameters[i])) ? parameter : Value.ANY);
			slot += parameters[i].getSize();
		}
		return initial;
	}

	// One instruction's effect on the state; returns whether the next instruction can follow it.
	private boolean execute(Insn insn, State state) {
		List<Value> stack = state.stack;
		switch (insn.opcode) {
			case Opcodes.ACONST_NULL:
				stack.add(Value.NULL);
				return true;
			case Opcodes.ALOAD:
				stack.add(state.locals.getOrDefault(insn.operand, Value.NULL));
				return true;
			case Opcodes.ASTORE:
				state.locals.put(insn.operand, pop(stack));
				return true;
			case Opcodes.ICONST_M1:
			case Opcodes.ICONST_0:
			case Opcodes.ICONST_1:
			case Opcodes.ICONST_2:
			case Opcodes.ICONST_3:
			case Opcodes.ICONST_4:
			case Opcodes.ICONST_5:
				stack.add(Value.intConstant(insn.opcode - Opcodes.ICONST_0));
				return true;
			case Opcodes.BIPUSH:
			case Opcodes.SIPUSH:
				stack.add(Value.intConstant(insn.operand));
				return true;
			case Opcodes.ILOAD:
				// The verifier guarantees an int word here on every path: a parameter's or what ISTORE put.
				stack.add(state.locals.getOrDefault(insn.operand, Value.ANY));
				return true;
			case Opcodes.ISTORE:
				state.locals.put(insn.operand, narrowedParameter(state, insn.operand, pop(stack)));
				return true;
			case Opcodes.IINC:
				state.locals.put(insn.operand, Value.ANY);
				return true;
			case Opcodes.IFEQ:
			case Opcodes.IFNE:
			case Opcodes.IF_ICMPEQ:
			case Opcodes.IF_ICMPNE:
			case Opcodes.IFLT:
			case Opcodes.IFGE:
			case Opcodes.IFGT:
			case Opcodes.IFLE:
			case Opcodes.IF_ICMPLT:
			case Opcodes.IF_ICMPGE:
			case Opcodes.IF_ICMPGT:
			case Opcodes.IF_ICMPLE:
				Checked check = (insn.opcode == Opcodes.IFEQ || insn.opcode == Opcodes.IFNE)
						? checkedBy(stack.get(stack.size() - 1)) : null;
				if (check != null) {
					// if (future.isDone()): the branch where it returned true knows it.
					pop(stack);
					flowInto(insn.label, (insn.opcode == Opcodes.IFNE) ? state.withTrue(check) : state);
					if (insn.opcode == Opcodes.IFEQ) {
						state.trueChecks = state.trueChecksWith(check);
					}
					return true;
				}
				ParameterGuard taken = guardWhenTaken(insn.opcode, stack);
				if (taken != null && taken.value() instanceof Value) {
					this.comparedStrings.add(((Value) taken.value()).name());
					if (taken.property() != null) {
						this.comparedGetters.add(taken.property());
					}
				}
				int nonZeroOnlyWith = (taken == null && (insn.opcode == Opcodes.IFEQ || insn.opcode == Opcodes.IFNE))
						? stack.get(stack.size() - 1).nonZeroOnlyWithParameter() : -1;
				pop(stack, POPS[insn.opcode]);
				if (nonZeroOnlyWith >= 0) {
					// Only the branch where the word is non-zero says something: the parameter was too.
					ParameterGuard nonZero = new ParameterGuard(nonZeroOnlyWith, 0, false);
					flowInto(insn.label, (insn.opcode == Opcodes.IFNE) ? state.with(nonZero) : state);
					if (insn.opcode == Opcodes.IFEQ) {
						state.guards.add(nonZero);
					}
					return true;
				}
				flowInto(insn.label, (taken != null) ? state.with(taken) : state);
				if (taken != null) {
					state.guards.add(taken.negated());
				}
				return true;
			case Opcodes.AASTORE:
				escape(state, pop(stack));
				pop(stack, 2);
				return true;
			case Opcodes.NEW:
				stack.add(Value.newInstance(insn.owner));
				return true;
			case Opcodes.CHECKCAST:
				stack.add(Value.cast(pop(stack), insn.owner));
				return true;
			case Opcodes.INSTANCEOF:
				Value tested = pop(stack).withoutCasts();
				stack.add((tested.kind() == Value.Kind.PARAMETER) ? Value.instanceOf(tested.number(), insn.owner)
						: Value.ANY);
				return true;
			case Opcodes.GETFIELD:
				push(stack, Type.getType(insn.descriptor),
						(pop(stack).kind() == Value.Kind.THIS) ? ownField(insn, state)
								: Value.field(insn.owner, insn.name, insn.descriptor));
				return true;
			case Opcodes.GETSTATIC:
				push(stack, Type.getType(insn.descriptor), Value.staticField(insn.owner, insn.name, insn.descriptor));
				return true;
			case Opcodes.IALOAD:
				Value index = pop(stack);
				stack.add(switchKeyOf(pop(stack), index));
				return true;
			case Opcodes.IASTORE:
				Value key = pop(stack);
				Value ordinal = pop(stack);
				recordSwitchKey(pop(stack), ordinal, key);
				return true;
			case Opcodes.PUTFIELD:
				Value stored = pop(stack, Type.getType(insn.descriptor));
				boolean byOwnConstructor = pop(stack).kind() == Value.Kind.THIS && isConstructor();
				store(insn, state, stored, byOwnConstructor);
				if (state.lastReturnedOnField != null && state.lastReturnedOnField.isOn(insn.name)) {
					state.lastReturnedOnField = null;
				}
				if (byOwnConstructor) {
					this.constructorStores.merge(insn.name, stored, (first, second) -> first.equals(second) ? first : Value.ANY);
					state.ownFields = state.ownFields.stored(insn.name,
							isReference(Type.getType(insn.descriptor)) ? insn.owner + "." + insn.name : null, stored);
					this.ownFieldsChanged = true;
				}
				return true;
			case Opcodes.PUTSTATIC:
				store(insn, state, pop(stack, Type.getType(insn.descriptor)), false);
				return true;
			case Opcodes.INVOKEVIRTUAL:
			case Opcodes.INVOKESPECIAL:
			case Opcodes.INVOKEINTERFACE:
			case Opcodes.INVOKESTATIC:
			case Opcodes.INVOKEDYNAMIC:
				invoke(insn, state);
				return true;
			case Opcodes.ARETURN:
				Value result = pop(stack);
				escape(result);
				this.returned = (this.returned == null) ? result : union(this.returned, result);
				this.returnsNormally = true;
				return false;
			case Opcodes.ATHROW:
				escape(pop(stack));
				return false;
			case Opcodes.RETURN:
				if (isConstructor()) {
					if (this.callsOnFieldsBeforeReturn == null) {
						this.callsOnFieldsBeforeReturn = new HashSet<>(state.ownFields.calls());
					}
					else {
						this.callsOnFieldsBeforeReturn.retainAll(state.ownFields.calls());
					}
				}
				this.returnsNormally = true;
				return false;
			case Opcodes.IRETURN:
			case Opcodes.LRETURN:
			case Opcodes.FRETURN:
			case Opcodes.DRETURN:
				this.returnsNormally = true;
				return false;
			case Opcodes.GOTO:
				flowInto(insn.label, state);
				return false;
			case Opcodes.TABLESWITCH:
				Value selector = pop(stack);
				State otherwise = state;
				for (int i = 0; i < insn.targets.length; i++) {
					if (selector.kind() == Value.Kind.PARAMETER || selector.kind() == Value.Kind.SWITCH_KEY) {
						ParameterGuard match = new ParameterGuard(selector.number(), insn.keys[i], true,
								(selector.kind() == Value.Kind.SWITCH_KEY) ? selector.name() : null, null);
						flowInto(insn.targets[i], state.with(match));
						otherwise = otherwise.with(match.negated());
					}
					else {
						flowInto(insn.targets[i], state);
					}
				}
				flowInto(insn.label, otherwise);
				return false;
			case Opcodes.LDC:
				if (insn.operand == 1) {
					stack.add(insn.constant);
				}
				else {
					push(stack, Value.ANY, insn.operand);
				}
				return true;
			case Opcodes.MULTIANEWARRAY:
				pop(stack, insn.operand);
				stack.add(Value.ANY);
				return true;
			case Opcodes.DUP:
			case Opcodes.DUP_X1:
			case Opcodes.DUP_X2:
			case Opcodes.DUP2:
			case Opcodes.DUP2_X1:
			case Opcodes.DUP2_X2:
			case Opcodes.SWAP:
				shuffle(insn.opcode, stack);
				return true;
			default:
				// Primitives, array elements, conditional jumps: only the stack's height matters.
				pop(stack, POPS[insn.opcode]);
				push(stack, Value.ANY, PUSHES[insn.opcode]);
				if (insn.label != null) {
					flowInto(insn.label, state);
				}
				return true;
		}
	}

	// A value stored into a field leaves the method; a reference stored is recorded for what the field may hold.
	private void store(Insn insn, State state, Value stored, boolean byOwnConstructor) {
		if (isReference(Type.getType(insn.descriptor))) {
			escape(state, stored);
			this.fieldStores.add(new FieldStore(insn.owner, insn.name, stored, byOwnConstructor));
		}
	}

	// A parameter's own variable set again while the parameter is known non-zero (true) holds a word that
	// exists only when it was: if (flag) flag = other(); and while (flag) { ...; flag = other(); } leave
	// flag non-zero only if it was entered so.
	private static Value narrowedParameter(State state, int slot, Value stored) {
		Value current = state.locals.get(slot);
		int parameter = (current != null) ? current.nonZeroOnlyWithParameter() : -1;
		if (parameter < 0 || stored.kind() == Value.Kind.INT
				|| !state.guards.contains(new ParameterGuard(parameter, 0, false))) {
			return stored;
		}
		return Value.setWhileTrue(parameter);
	}

	// The guard a conditional jump on an int-like parameter adds to the path where it is taken:
	// if (p == 0), if (p != 0), if (p == c), if (p != c), and the same with <, <=, > and >=, the constant on
	// either side; on a string parameter, or what a getter returns for a parameter, compared with a string
	// constant: if ("after_start".equals(event.getType())), either way round; and a reference parameter tested
	// with instanceof: if (source instanceof URL).
	private static ParameterGuard guardWhenTaken(int opcode, List<Value> stack) {
		Value top = stack.get(stack.size() - 1);
		if (opcode >= Opcodes.IFLT && opcode <= Opcodes.IFLE) {
			return (top.kind() == Value.Kind.PARAMETER) ? orderedGuard(opcode - Opcodes.IFLT, top, 0, false) : null;
		}
		if (opcode == Opcodes.IFEQ || opcode == Opcodes.IFNE) {
			if (top.kind() == Value.Kind.INSTANCE_OF) {
				return ParameterGuard.instanceOf(top.number(), top.type(), opcode == Opcodes.IFNE);
			}
			if (top.kind() == Value.Kind.RESULT && isStringEquals(top.call())) {
				return stringGuard(top.call().getReceiver(), top.call().argument(0), opcode == Opcodes.IFNE);
			}
			return (top.kind() == Value.Kind.PARAMETER)
					? new ParameterGuard(top.number(), 0, opcode == Opcodes.IFEQ) : null;
		}
		Value below = stack.get(stack.size() - 2);
		Value parameter = (top.kind() == Value.Kind.PARAMETER) ? top : below;
		Value constant = (parameter == top) ? below : top;
		if (parameter.kind() != Value.Kind.PARAMETER || constant.kind() != Value.Kind.INT) {
			return null;
		}
		if (opcode >= Opcodes.IF_ICMPLT && opcode <= Opcodes.IF_ICMPLE) {
			return orderedGuard(opcode - Opcodes.IF_ICMPLT, parameter, constant.number(), parameter == top);
		}
		return new ParameterGuard(parameter.number(), constant.number(), opcode == Opcodes.IF_ICMPEQ);
	}

	// The guard of a jump taken when p < c, p >= c, p > c or p <= c (relation 0 to 3, the order of the
	// opcodes); swapped when the code compares c with p.
	private static ParameterGuard orderedGuard(int relation, Value parameter, int constant, boolean swapped) {
		boolean less = (relation == 0 || relation == 1) != swapped;
		boolean holds = relation == 0 || relation == 2;
		return ParameterGuard.ordered(parameter.number(), constant,
				less ? ParameterGuard.Comparison.LESS_THAN : ParameterGuard.Comparison.GREATER_THAN, holds);
	}

	private static boolean isStringEquals(CallSite call) {
		return "equals".equals(call.getName()) && "java/lang/String".equals(call.getOwnerInternalName())
				&& "(Ljava/lang/Object;)Z".equals(call.getDescriptor());
	}

	private static ParameterGuard stringGuard(Value receiver, Value argument, boolean equal) {
		Value constant = (receiver.kind() == Value.Kind.STRING) ? receiver : argument;
		Value compared = (constant == receiver) ? argument : receiver;
		if (constant == null || compared == null || constant.kind() != Value.Kind.STRING) {
			return null;
		}
		if (compared.kind() == Value.Kind.PARAMETER) {
			return new ParameterGuard(compared.number(), constant, equal, null, null);
		}
		if (compared.isParameterProperty()) {
			CallSite getter = compared.call();
			return new ParameterGuard(getter.getReceiver().number(), constant, equal, null,
					getter.getName() + getter.getDescriptor());
		}
		return null;
	}

	// javac compiles switch (e) on an enum to switch ($SwitchMap$...[e.ordinal()]): for a parameter
	// e, the key it switches on is the parameter's, through the map.
	private static Value switchKeyOf(Value array, Value index) {
		if (array.isSwitchMap() && isOrdinalOf(index, Value.Kind.PARAMETER)) {
			return Value.switchKey(index.call().getReceiver().number(), array.type() + "." + array.name());
		}
		return Value.ANY;
	}

	// The switch map's initializer: $SwitchMap$...[E.CONSTANT.ordinal()] = key.
	private void recordSwitchKey(Value array, Value ordinal, Value key) {
		if (array.isSwitchMap() && isOrdinalOf(ordinal, Value.Kind.FIELD) && key.kind() == Value.Kind.INT) {
			String constant = ordinal.call().getReceiver().enumConstant();
			if (constant != null) {
				this.switchKeys.add(new SwitchKey(array.type() + "." + array.name(), constant, key.number()));
			}
		}
	}

	private static boolean isOrdinalOf(Value value, Value.Kind receiver) {
		return value.kind() == Value.Kind.RESULT && "ordinal".equals(value.call().getName())
				&& "()I".equals(value.call().getDescriptor()) && value.call().getReceiver().kind() == receiver;
	}

	// A field of this declared by the running method's class (read with getfield on this).
	private boolean isOwnField(Value value) {
		return value.kind() == Value.Kind.FIELD && value.number() == 2
				&& value.type().equals(this.method.getOwner().getInternalName());
	}

	private boolean isConstructor() {
		return "<init>".equals(this.method.getName());
	}

	private void invoke(Insn insn, State state) {
		List<Value> stack = state.stack;
		Type[] types = Type.getArgumentTypes(insn.descriptor);
		Value[] arguments = new Value[types.length];
		for (int i = types.length - 1; i >= 0; i--) {
			Value argument = pop(stack, types[i]);
			escape(state, argument);
			// A result or a union too, for its static type (TypeHierarchy.withTestedTypes).
			if (argument.isConstantLike() || argument.kind() == Value.Kind.RESULT
					|| argument.kind() == Value.Kind.UNION) {
				arguments[i] = argument;
			}
		}
		if (insn.call != null) {
			insn.call.setGuards(state.guards);
			insn.call.setArguments(arguments);
		}
		FieldCall lastReturned = state.lastReturnedOnField;
		state.lastReturnedOnField = null;
		if (insn.opcode != Opcodes.INVOKESTATIC && insn.opcode != Opcodes.INVOKEDYNAMIC) {
			Value receiver = pop(stack);
			insn.call.setReceiver(receiver);
			insn.call.setTrueChecks(state.trueChecksOn(receiver));
			if (isOwnField(receiver)) {
				// this.rows.beforeFirst(); this.rows.next(): next() runs only on rows whose beforeFirst() returned.
				if (lastReturned != null && lastReturned.isOn(receiver.name())) {
					insn.call.setReturnedOnReceiver(lastReturned.method());
				}
				state.lastReturnedOnField = new FieldCall(receiver.name(), insn.name + insn.descriptor);
			}
			if (receiver.mayBeThis()) {
				this.method.setUsesThis();
				thisEscapes(state);
			}
			if (insn.opcode == Opcodes.INVOKESPECIAL && receiver.kind() == Value.Kind.THIS
					&& "<init>".equals(insn.name) && !state.ownFields.values().isEmpty()) {
				// this(...) or super(...) after a store (Java 25 allows one before them): the constructor called
				// stores its own values, so the ones stored here are no longer known.
				state.ownFields = state.ownFields.withoutValues();
				this.ownFieldsChanged = true;
			}
			if (insn.opcode == Opcodes.INVOKESPECIAL && receiver.kind() == Value.Kind.NEW
					&& "<init>".equals(insn.name)) {
				constructed(state, receiver, insn.descriptor, arguments);
			}
			// Past this point the call returned: the field holds an object whose method can return.
			if (isOwnField(receiver)) {
				state.ownFields = state.ownFields.called(receiver.name(), insn.name + insn.descriptor);
			}
		}
		if (insn.call != null && (("ordinal".equals(insn.name) && "()I".equals(insn.descriptor))
				|| isStringEquals(insn.call) || isCheck(insn.call))) {
			// The index into a switch map (see switchKeyOf), or a comparison a guard tests (see stringGuard).
			stack.add(Value.resultOf(insn.call));
			return;
		}
		push(stack, Type.getReturnType(insn.descriptor), (insn.call != null) ? Value.resultOf(insn.call) : Value.ANY);
	}

	// this.f in a constructor that stored this.f on every path here: what it stored, kept inside the field's value.
	// TypeHierarchy trusts it only for a field that nothing but constructors of their own object store an object
	// into, so that no call in between can have stored another, on this object or on another that may be it.
	// Connector/J's ResultSetImpl(rows, ...) stores rows into this.rowData and then calls this.rowData.close():
	// on the rows its caller passed.
	private Value ownField(Insn insn, State state) {
		Value stored = isConstructor() ? state.ownFields.values().get(insn.owner + "." + insn.name) : null;
		return (stored != null) ? Value.fieldOfThisStoredAs(insn.owner, insn.name, insn.descriptor, stored)
				: Value.fieldOfThis(insn.owner, insn.name, insn.descriptor);
	}

	// new X(args): the copies of the new instance on the stack now know the arguments it was
	// constructed with, where they are constants or parameters passed on. (javac never stores an
	// instance in a local before its constructor ran.)
	private static void constructed(State state, Value instance, String constructor, Value[] arguments) {
		List<Value> kept = new ArrayList<>(arguments.length);
		boolean any = false;
		for (Value argument : arguments) {
			boolean keep = argument != null && argument.isConstantLike() && argument.kind() != Value.Kind.NEW
					&& argument.kind() != Value.Kind.CAST;
			kept.add(keep ? argument : Value.ANY);
			any |= keep;
		}
		if (!any) {
			return;
		}
		Value created = Value.constructed(instance.type(), constructor, kept);
		state.stack.replaceAll((value) -> value.equals(instance) ? created : value);
	}

	// The word shuffles of dup and swap (w1 is the top word).
	private static void shuffle(int op, List<Value> stack) {
		int top = stack.size() - 1;
		Value w1 = stack.get(top);
		switch (op) {
			case Opcodes.DUP:
				stack.add(w1);
				break;
			case Opcodes.DUP_X1:
				stack.add(top - 1, w1);
				break;
			case Opcodes.DUP_X2:
				stack.add(top - 2, w1);
				break;
			case Opcodes.DUP2:
				stack.addAll(List.of(stack.get(top - 1), w1));
				break;
			case Opcodes.DUP2_X1:
				stack.addAll(top - 2, List.of(stack.get(top - 1), w1));
				break;
			case Opcodes.DUP2_X2:
				stack.addAll(top - 3, List.of(stack.get(top - 1), w1));
				break;
			default:
				stack.set(top, stack.get(top - 1));
				stack.set(top - 1, w1);
				break;
		}
	}

	// The value leaves the method (argument, field, array): an anonymous or local class among its new
	// instances may now be anywhere, and so may a constructor's own object.
	private void escape(State state, Value value) {
		escape(value);
		if (value.mayBeThis()) {
			thisEscapes(state);
		}
	}

	// A constructor's own object is passed on (as a receiver too, its own methods run): the code it reaches
	// may read the fields stored so far, before the calls the constructor makes on them next.
	private void thisEscapes(State state) {
		OwnFields escaped = state.ownFields.escaped();
		if (escaped != state.ownFields) {
			state.ownFields = escaped;
			this.ownFieldsChanged = true;
		}
	}

	// The value leaves the method (result, exception): an anonymous or local class among its new
	// instances may now be anywhere.
	private void escape(Value value) {
		if (value.kind() == Value.Kind.NEW || value.kind() == Value.Kind.THIS) {
			this.escaping.add(value.type());
		}
		for (Value part : value.parts()) {
			escape(part);
		}
	}

	private static void push(List<Value> stack, Type type, Value reference) {
		if (isReference(type)) {
			stack.add(reference);
		}
		else {
			push(stack, Value.ANY, type.getSize());
		}
	}

	private static void push(List<Value> stack, Value value, int words) {
		for (int i = 0; i < words; i++) {
			stack.add(value);
		}
	}

	private static Value pop(List<Value> stack, Type type) {
		if (isReference(type) || type.getSize() == 1) {
			return pop(stack);
		}
		pop(stack, type.getSize());
		return Value.ANY;
	}

	private static Value pop(List<Value> stack) {
		return stack.remove(stack.size() - 1);
	}

	private static void pop(List<Value> stack, int words) {
		for (int i = 0; i < words; i++) {
			pop(stack);
		}
	}

	private static boolean isReference(Type type) {
		return type.getSort() >= Type.ARRAY;
	}

	private static boolean isIntLike(Type type) {
		return type.getSort() >= Type.BOOLEAN && type.getSort() <= Type.INT;
	}

	// $SwitchMap$...[constant.ordinal()] = key, the map and the constant named owner.name.
	private record SwitchKey(String switchMap, String constant, int key) {
	}

	private static final class State {

		final List<Value> stack;

		final Map<Integer, Value> locals;

		// What the comparisons on the way here say about the int-like parameters.
		final Set<ParameterGuard> guards;

		// In a constructor: what is known of its own object's fields (immutable, shared by copies).
		OwnFields ownFields;

		// The call made last, if it was made on a field of this and returned:
		// the object the field holds is none whose method never returns, until the field is stored or another
		// call is made. null otherwise.
		FieldCall lastReturnedOnField;

		// The boolean checks that returned true on the way here, on every path (immutable, shared by copies).
		Set<Checked> trueChecks = Set.of();

		State(List<Value> stack, Map<Integer, Value> locals, Set<ParameterGuard> guards, OwnFields ownFields) {
			this.stack = stack;
			this.locals = locals;
			this.guards = guards;
			this.ownFields = ownFields;
		}

		State copy() {
			State copy = new State(new ArrayList<>(this.stack), new HashMap<>(this.locals), new HashSet<>(this.guards),
					this.ownFields);
			copy.lastReturnedOnField = this.lastReturnedOnField;
			copy.trueChecks = this.trueChecks;
			return copy;
		}

		State withTrue(Checked check) {
			State copy = copy();
			copy.trueChecks = trueChecksWith(check);
			return copy;
		}

		Set<Checked> trueChecksWith(Checked check) {
			Set<Checked> checks = new HashSet<>(this.trueChecks);
			checks.add(check);
			return Set.copyOf(checks);
		}

		Set<TrueCheck> trueChecksOn(Value receiver) {
			if (this.trueChecks.isEmpty()) {
				return Set.of();
			}
			Value object = receiver.withoutCasts();
			Set<TrueCheck> checks = new HashSet<>();
			for (Checked checked : this.trueChecks) {
				if (checked.receiver().equals(object)) {
					checks.add(checked.check());
				}
			}
			return Set.copyOf(checks);
		}

		State with(ParameterGuard guard) {
			State copy = copy();
			copy.guards.add(guard);
			return copy;
		}

		boolean sameAs(State other) {
			return other.stack.equals(this.stack) && other.locals.equals(this.locals)
					&& other.guards.equals(this.guards) && other.ownFields.equals(this.ownFields)
					&& java.util.Objects.equals(other.lastReturnedOnField, this.lastReturnedOnField)
					&& other.trueChecks.equals(this.trueChecks);
		}

	}

	// A check that returned true, on the object it was called on (casts taken off).
	record Checked(Value receiver, TrueCheck check) {

	}

	// A no-argument boolean method called (virtually: not super's) on an object that stays the same object for
	// the whole run of this method, so that what it returned holds for every later call on that value.
	private boolean isCheck(CallSite call) {
		return call != null && "()Z".equals(call.getDescriptor()) && call.isVirtual()
				&& isOneObject(call.getReceiver().withoutCasts());
	}

	// The check a conditional jump tests, if the word it tests is one's result.
	private Checked checkedBy(Value word) {
		return (word.kind() == Value.Kind.RESULT && isCheck(word.call()))
				? new Checked(word.call().getReceiver().withoutCasts(),
						new TrueCheck(word.call().getOwnerInternalName(), word.call().getName()))
				: null;
	}

	// Whether every occurrence of the value in this run of the method is the same object: this, a parameter as
	// the method was entered with it, the result of a call that runs at most once per run (one in a loop
	// returns one object each time round, all of them one value), a final field of this class's object or
	// class outside its constructor or initializer. Not a field another store or another thread may change
	// between the check and the call, nor an object created here (new X() twice is one value).
	private boolean isOneObject(Value object) {
		switch (object.kind()) {
			case THIS:
			case PARAMETER:
				return true;
			case RESULT:
				return !callsInLoops().contains(object.call());
			case FIELD:
				BytecodeClass owner = this.method.getOwner();
				boolean ownStatic = object.number() == 1 && !"<clinit>".equals(this.method.getName());
				boolean ownInstance = object.number() == 2 && !isConstructor();
				return (ownStatic || ownInstance) && object.type().equals(owner.getInternalName())
						&& owner.declaresFinalField(object.name());
			default:
				return false;
		}
	}

	// The calls between a jump back and its target (loops; an exception handler placed before the code it
	// protects counts as a jump back from that code): every instruction a path can run twice is among them.
	private Set<CallSite> callsInLoops() {
		if (this.callsInLoops == null) {
			boolean[] inLoop = new boolean[this.instructions.size()];
			for (int i = 0; i < this.instructions.size(); i++) {
				Insn insn = this.instructions.get(i);
				if (insn.opcode == LABEL) {
					continue;
				}
				markLoop(inLoop, insn.label, i);
				for (Label target : insn.targets) {
					markLoop(inLoop, target, i);
				}
			}
			for (Label[] block : this.tryCatchBlocks) {
				markLoop(inLoop, block[2], this.labelIndex.get(block[1]));
			}
			this.callsInLoops = new HashSet<>();
			for (int i = 0; i < inLoop.length; i++) {
				if (inLoop[i] && this.instructions.get(i).call != null) {
					this.callsInLoops.add(this.instructions.get(i).call);
				}
			}
		}
		return this.callsInLoops;
	}

	private void markLoop(boolean[] inLoop, Label target, int from) {
		Integer to = (target != null) ? this.labelIndex.get(target) : null;
		if (to != null && to < from) {
			// Up to the jump, which is no call itself (or the end of the code a handler protects).
			java.util.Arrays.fill(inLoop, to, from, true);
		}
	}

	/**
	 * What a constructor knows, on every path to a point, of its own object's fields: the fields stored
	 * since {@code this} last escaped (no other code can have read them yet), and the calls made on those and
	 * returned. A call is known only on a field no other code can have read
	 * before it returned: H2's {@code Database} stores {@code meta} and calls {@code meta.addIndex(...)} right
	 * after, while a constructor that hands {@code this} to a helper in between lets the helper see the field
	 * first. (What code reached through an earlier escape does during a call that does not pass {@code this}
	 * is not followed.)
	 * @param unread the fields stored since {@code this} last escaped
	 * @param calls the calls made on them that returned
	 * @param values what it stored into its reference fields on every path (by {@code owner.name} as the
	 * instructions name them; an escape of {@code this} does not clear them, see {@link #ownField})
	 */
	record OwnFields(Set<String> unread, Set<FieldCall> calls, Map<String, Value> values) {

		/** At a constructor's start, and all along in other methods, which store none of them. */
		static final OwnFields NONE = new OwnFields(Set.of(), Set.of(), Map.of());

		/**
		 * The object's field stored.
		 * @param field its name
		 * @param key {@code owner.name} as the instruction names it, for a reference; {@code null} otherwise
		 * @param value what was stored
		 * @return the fields after the store
		 */
		OwnFields stored(String field, String key, Value value) {
			Set<String> unread = new HashSet<>(this.unread);
			unread.add(field);
			Set<FieldCall> calls = new HashSet<>(this.calls);
			calls.removeIf((call) -> call.isOn(field));
			Map<String, Value> values = new HashMap<>(this.values);
			values.keySet().removeIf((known) -> known.endsWith("." + field));
			if (key != null && value.kind() != Value.Kind.NULL) {
				values.put(key, value);
			}
			return new OwnFields(Set.copyOf(unread), Set.copyOf(calls), Map.copyOf(values));
		}

		OwnFields withoutValues() {
			return new OwnFields(this.unread, this.calls, Map.of());
		}

		OwnFields called(String field, String method) {
			if (!this.unread.contains(field)) {
				return this;
			}
			Set<FieldCall> calls = new HashSet<>(this.calls);
			calls.add(new FieldCall(field, method));
			return new OwnFields(this.unread, Set.copyOf(calls), this.values);
		}

		OwnFields escaped() {
			return this.unread.isEmpty() ? this : new OwnFields(Set.of(), this.calls, this.values);
		}

		OwnFields join(OwnFields other) {
			if (this.equals(other)) {
				return this;
			}
			Set<String> unread = new HashSet<>(this.unread);
			unread.retainAll(other.unread);
			Set<FieldCall> calls = new HashSet<>(this.calls);
			calls.retainAll(other.calls);
			// Stored on both paths: one of the two values.
			Map<String, Value> values = new HashMap<>();
			this.values.forEach((key, value) -> {
				Value theirs = other.values.get(key);
				if (theirs != null) {
					values.put(key, Value.union(value, theirs));
				}
			});
			return new OwnFields(Set.copyOf(unread), Set.copyOf(calls), Map.copyOf(values));
		}

	}

	private static final class Insn {

		final int opcode;

		final Label label;

		Label[] targets = new Label[0];

		// TABLESWITCH (any switch): the key of each target.
		int[] keys;

		// LDC: an int constant, or ANY.
		Value constant;

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
