package io.github.vtstarter.archunit.bytecode;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import org.springframework.asm.Opcodes;

/**
 * One invoke instruction: who calls what, on which line, and under which monitor.
 */
public final class CallSite {

	private final BytecodeMethod caller;

	private final int opcode;

	private final String ownerInternalName;

	private final String name;

	private final String descriptor;

	private final int line;

	private MonitorRegion region;

	private Value receiver = Value.ANY;

	private boolean guardedByLevelCheck;

	private Set<ParameterGuard> guards = Set.of();

	// Per declared parameter of the callee, what the caller passes where it may matter (Value#isConstantLike:
	// a constant, a parameter of the caller passed on, a getter's value of one, an object whose classes may be
	// known); null for other arguments.
	private Value[] arguments = new Value[0];

	// The method (name and descriptor) called on the same field of this just before, which returned: the
	// object is none whose method never returns. null when there is none.
	private String returnedOnReceiver;

	// The no-argument boolean methods that returned true on the receiver on every path here: see getTrueChecks().
	private Set<TrueCheck> trueChecks = Set.of();

	CallSite(BytecodeMethod caller, int opcode, String ownerInternalName, String name, String descriptor, int line) {
		this.caller = caller;
		this.opcode = opcode;
		this.ownerInternalName = ownerInternalName;
		this.name = name;
		this.descriptor = descriptor;
		this.line = line;
	}

	public BytecodeMethod getCaller() {
		return this.caller;
	}

	/**
	 * Whether the call is dispatched on the receiver's runtime type, so that overriding methods
	 * of subclasses and implementations may run instead of the named one.
	 * @return whether the call is virtual
	 */
	public boolean isVirtual() {
		return this.opcode == Opcodes.INVOKEVIRTUAL || this.opcode == Opcodes.INVOKEINTERFACE;
	}

	public String getOwnerInternalName() {
		return this.ownerInternalName;
	}

	public String getName() {
		return this.name;
	}

	public String getDescriptor() {
		return this.descriptor;
	}

	/**
	 * The innermost monitor region held when this call is made in its own method.
	 * @return the region or {@code null} when the caller holds no monitor at this call
	 */
	public MonitorRegion getRegion() {
		return this.region;
	}

	/**
	 * Whether the call runs only when a diagnostic level is switched on: it sits in the block of an
	 * {@code if (log.isDebugEnabled())} or H2's {@code if (isEnabled(level))}.
	 * @return whether the call is guarded by a level check
	 */
	public boolean isGuardedByLevelCheck() {
		return this.guardedByLevelCheck;
	}

	void setGuardedByLevelCheck() {
		this.guardedByLevelCheck = true;
	}

	/**
	 * The conditions on the caller's {@code int}-like parameters under which the call runs (see
	 * {@link ParameterGuard}).
	 * @return the guards, empty when the call runs whatever the caller's parameters
	 */
	public Set<ParameterGuard> getGuards() {
		return this.guards;
	}

	void setGuards(Set<ParameterGuard> guards) {
		this.guards = Set.copyOf(guards);
	}

	void setArguments(Value[] arguments) {
		this.arguments = arguments;
	}

	// What the pass knows of an argument (see arguments), null when nothing; index within the callee's parameters.
	Value argument(int index) {
		return this.arguments[index];
	}

	int argumentCount() {
		return this.arguments.length;
	}

	/**
	 * The arguments of the call that are constants, given what the caller's own parameters are
	 * known to be: a constant in the caller's code, or a parameter of the caller that the caller was
	 * called with a constant for (see {@link TypeHierarchy#constantOf}).
	 * @param callerConstants the caller's parameters known to be constants, by index
	 * @param hierarchy what tells which constants are worth knowing (the others would only multiply
	 * what the search memoises) and what getters return
	 * @return the callee's parameters known to be constants, by index: an {@link Integer}, an enum
	 * constant's {@code owner.name}, a string or constructed object {@link Value}, or the classes of an
	 * object ({@link TypeSet})
	 */
	public Map<Integer, Object> constantArguments(Map<Integer, Object> callerConstants, TypeHierarchy hierarchy) {
		// Most calls pass no constant: they share the empty map rather than each allocating one.
		Map<Integer, Object> constants = null;
		for (int i = 0; i < this.arguments.length; i++) {
			Value argument = this.arguments[i];
			if (argument == null) {
				continue;
			}
			Object constant = hierarchy.constantOf(argument, callerConstants);
			if (constant != null) {
				constants = (constants != null) ? constants : new HashMap<>(2);
				constants.put(i, constant);
			}
		}
		return (constants != null) ? constants : Map.of();
	}

	/**
	 * The caller's parameters that the call passes on as arguments.
	 * @return their indexes
	 */
	public Set<Integer> passedOn() {
		Set<Integer> parameters = new HashSet<>(2);
		// A getter's value of a parameter, or an object constructed with one, counts through the
		// getter's call on it and the constructor's call it is passed to.
		for (Value argument : this.arguments) {
			if (argument != null && argument.parameterNumber() >= 0) {
				parameters.add(argument.parameterNumber());
			}
		}
		return parameters;
	}

	/**
	 * What the object the call is made on may be, from the caller's bytecode.
	 * @return the receiver; {@link Value#ANY} for static calls and unknown receivers
	 */
	Value getReceiver() {
		return this.receiver;
	}

	/**
	 * The parameter of the caller that this call is made on, directly or through a field of its own object that
	 * the calling constructor stored it into.
	 * @return its index among the declared parameters, {@code -1} when the receiver is something else
	 */
	public int getReceiverParameter() {
		return this.receiver.parameterNumber();
	}

	void setReceiver(Value receiver) {
		this.receiver = receiver;
	}

	/**
	 * The method called on the same field of {@code this} right before this call, which returned; nothing
	 * but reads of fields came between: Connector/J's {@code ResultSetImpl.first()} calls
	 * {@code this.rowData.beforeFirst()} and then {@code this.rowData.next()}, and a cursor's
	 * {@code beforeFirst()} only throws, so {@code next()} is never a cursor's.
	 * @return the method's name and descriptor, or {@code null}
	 */
	String getReturnedOnReceiver() {
		return this.returnedOnReceiver;
	}

	void setReturnedOnReceiver(String method) {
		this.returnedOnReceiver = method;
	}

	/**
	 * The no-argument {@code boolean} methods that returned {@code true} on this call's receiver on every path
	 * to the call, in the same method, where the receiver is one object all along: {@code this}, a parameter, the
	 * result of a call made at most once per run of the method (not in a loop), or a final field of the
	 * method's own class or object (not in its constructor or initializer). Tomcat's
	 * {@code ContainerBase.threadStart} checks {@code backgroundProcessorFuture.isDone()} first, but the field is
	 * not final: another store, or another thread, may change it before {@code get()}.
	 * @return the checks, each with the type it was called on
	 */
	public Set<TrueCheck> getTrueChecks() {
		return this.trueChecks;
	}

	void setTrueChecks(Set<TrueCheck> checks) {
		this.trueChecks = checks;
	}

	boolean isStatic() {
		return this.opcode == Opcodes.INVOKESTATIC;
	}

	void setRegion(MonitorRegion region) {
		this.region = region;
	}

	public String getCalleeFullName() {
		return BytecodeMethod.fullName(this.ownerInternalName, this.name, this.descriptor);
	}

	/**
	 * The location in the format ArchUnit and stack traces use, {@code (Foo.java:42)}; freezing
	 * relies on it, since {@code FreezingArchRule} ignores the digits of such locations.
	 * @return the location
	 */
	public String getLocation() {
		return "(" + this.caller.getOwner().getSourceFile() + ":" + Math.max(this.line, 0) + ")";
	}

	@Override
	public String toString() {
		return this.caller.getFullName() + " -> " + getCalleeFullName() + " " + getLocation();
	}

}
