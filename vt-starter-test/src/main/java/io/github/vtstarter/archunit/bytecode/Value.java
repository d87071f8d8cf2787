package io.github.vtstarter.archunit.bytecode;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What a reference on the operand stack or in a local variable may be, as far as one method's
 * bytecode tells: the method's own receiver ({@code this}), a new instance of a known class, the
 * value of a field or of a call's result (resolved later, over all analysed classes, by
 * {@link TypeHierarchy#typesOf(Value, TypeSet)}), a value cast to a type, or one of several of
 * these. A parameter is known as the method's parameter (so that a call can tell it passes it on),
 * and like anything else (array elements, JDK results, {@link #ANY}) it is whatever the declared
 * type allows.
 * <p>
 * For an {@code int}-like word (int, short, char, byte, boolean) two things are known: a constant,
 * and the value an {@code int}-like parameter had when the method was entered. That is enough for
 * guards such as {@code switch (concurrency) { case CONCUR_UPDATABLE: ... }}: a call in that branch
 * runs only for that argument (see {@link CallSite#getGuards()}). A reference parameter is known as
 * such too, and so is the key javac switches on for an enum parameter
 * ({@code $SwitchMap$...[action.ordinal()]}), so that {@code switch (action)} guards its branches the
 * same way, for callers that pass an enum constant.
 * <p>
 * A string constant is known too, and what a getter of a parameter returns
 * ({@code event.getType()}), so that {@code "after_start".equals(event.getType())} guards a branch
 * as well. An object created with constants ({@code new LifecycleEvent(this, "before_stop", null)})
 * keeps the arguments its constructor was called with, so that a getter that returns what the
 * constructor stored can be answered for a caller that passes it.
 * <p>
 * Values are immutable and compared by structure (a call by identity), so that the value-flow pass
 * over a method can tell when its states stop changing.
 * @param kind what the value is
 * @param type NEW: the class; CAST: the type cast to; THIS: the class whose method runs; FIELD: the field's owner;
 * PARAMETER: the class or interface it is declared as; INSTANCE_OF: the type tested
 * @param name FIELD: the field's name; SWITCH_KEY: the switch map's field ({@code owner.name}); STRING: the string
 * @param descriptor FIELD: the field's descriptor; NEW: the constructor's, once it ran
 * @param call RESULT: the call whose result this is
 * @param parts CAST: the value cast; UNION: the alternatives; NEW: the constructor's arguments, where
 * they are constants or parameters passed on ({@link #ANY} for others); FIELD: what the running constructor stored
 * into its own object's field before it read it, if known
 * @param number INT: the constant; PARAMETER, SET_WHILE_TRUE, SWITCH_KEY and INSTANCE_OF: the parameter's index (0
 * for the first declared one); FIELD: 1 for a static field, 2 for a field of {@code this}, 0 for another instance field
 */
record Value(Kind kind, String type, String name, String descriptor, CallSite call, List<Value> parts, int number) {

	enum Kind {

		ANY, TOP, NULL, THIS, NEW, FIELD, RESULT, CAST, UNION, INT, PARAMETER, SWITCH_KEY, STRING, SET_WHILE_TRUE,
		INSTANCE_OF

	}

	/** A reference about which nothing is known beyond its declared type. */
	static final Value ANY = new Value(Kind.ANY, null, null, null, null, List.of(), 0);

	/**
	 * Anything, after too many alternatives: like {@link #ANY}, but a union with it stays it, so that
	 * values only grow and the value-flow pass ends.
	 */
	static final Value TOP = new Value(Kind.TOP, null, null, null, null, List.of(), 0);

	/**
	 * A string that no analysed guard compares with: it equals none of the strings that guards
	 * compare with, which is all a guard needs to know, and all such strings make one context.
	 */
	static final Value OTHER_STRING = new Value(Kind.STRING, null, null, null, null, List.of(), 0);

	/** {@code null}: no object, so no type. */
	static final Value NULL = new Value(Kind.NULL, null, null, null, null, List.of(), 0);

	// Beyond this many alternatives a value is taken as ANY (see union()).
	private static final int MAX_ALTERNATIVES = 8;

	static Value thisOf(String className) {
		return new Value(Kind.THIS, className, null, null, null, List.of(), 0);
	}

	static Value newInstance(String className) {
		return new Value(Kind.NEW, className, null, null, null, List.of(), 0);
	}

	/**
	 * An instance created by a constructor that was called with these arguments.
	 * @param className the class
	 * @param constructor the constructor's descriptor
	 * @param arguments per declared parameter, a constant or a parameter passed on; {@link #ANY} for others
	 * @return the value
	 */
	static Value constructed(String className, String constructor, List<Value> arguments) {
		return new Value(Kind.NEW, className, null, constructor, null, List.copyOf(arguments), 0);
	}

	static Value field(String owner, String name, String descriptor) {
		return new Value(Kind.FIELD, owner, name, descriptor, null, List.of(), 0);
	}

	// A field read from the running method's own object: a getter returns it.
	static Value fieldOfThis(String owner, String name, String descriptor) {
		return new Value(Kind.FIELD, owner, name, descriptor, null, List.of(), 2);
	}

	/**
	 * A field of the running constructor's own object that it stored on every path before this read.
	 * @param owner the class the instruction names the field by
	 * @param name the field's name
	 * @param descriptor the field's descriptor
	 * @param stored what the constructor stored
	 * @return the field's value, knowing what was stored
	 */
	static Value fieldOfThisStoredAs(String owner, String name, String descriptor, Value stored) {
		return new Value(Kind.FIELD, owner, name, descriptor, null, List.of(stored), 2);
	}

	/**
	 * What the running constructor stored into this field of its own object before it read it.
	 * @return the value stored, or {@code null} when unknown or not such a field
	 */
	Value storedHere() {
		return (this.kind == Kind.FIELD && !this.parts.isEmpty()) ? this.parts.get(0) : null;
	}

	/**
	 * The parameter this value may be, seen through a field its constructor stored it into.
	 * @return its index among the declared parameters, {@code -1} when it is something else
	 */
	int parameterNumber() {
		Value stored = storedHere();
		return (this.kind == Kind.PARAMETER) ? this.number : (stored != null) ? stored.parameterNumber() : -1;
	}

	static Value string(String value) {
		return new Value(Kind.STRING, null, value, null, null, List.of(), 0);
	}

	static Value staticField(String owner, String name, String descriptor) {
		return new Value(Kind.FIELD, owner, name, descriptor, null, List.of(), 1);
	}

	/**
	 * Whether a parameter, as the method was entered with it, is an instance of a type: the {@code int} that
	 * {@code source instanceof URL} leaves.
	 * @param parameter the parameter's index among the declared ones
	 * @param type internal name of the type tested
	 * @return the value
	 */
	static Value instanceOf(int parameter, String type) {
		return new Value(Kind.INSTANCE_OF, type, null, null, null, List.of(), parameter);
	}

	static Value switchKey(int parameter, String switchMap) {
		return new Value(Kind.SWITCH_KEY, null, switchMap, null, null, List.of(), parameter);
	}

	/**
	 * Whether this value may be an enum constant: a static field of its own class's type
	 * ({@code ActionCode.COMMIT}).
	 * @return whether it is such a field
	 */
	boolean isEnumConstant() {
		// The descriptor is "L" + type + ";", read without building that text for every argument.
		return this.kind == Kind.FIELD && this.number == 1 && this.descriptor.length() == this.type.length() + 2
				&& this.descriptor.charAt(0) == 'L' && this.descriptor.startsWith(this.type, 1);
	}

	/**
	 * The enum constant this value is (see {@link #isEnumConstant()}).
	 * @return {@code owner.name}, or {@code null}
	 */
	String enumConstant() {
		return isEnumConstant() ? this.type + "." + this.name : null;
	}

	/**
	 * The owner of a member named {@code owner.name}, as {@link #enumConstant()} names enum constants
	 * and switch maps are named.
	 * @param member the member
	 * @return the owner's internal name
	 */
	static String ownerOf(String member) {
		return member.substring(0, member.lastIndexOf('.'));
	}

	// The array javac fills with the key a switch on an enum takes for each constant's ordinal.
	boolean isSwitchMap() {
		return this.kind == Kind.FIELD && this.number == 1 && this.name.startsWith("$SwitchMap$")
				&& "[I".equals(this.descriptor);
	}

	/**
	 * Whether this value is what a getter returns for a parameter of the running method:
	 * {@code event.getType()}, a call without arguments on the parameter.
	 * @return whether it is
	 */
	boolean isParameterProperty() {
		return this.kind == Kind.RESULT && this.call.isVirtual() && this.call.getDescriptor().startsWith("()")
				&& this.call.getReceiver().kind() == Kind.PARAMETER;
	}

	/**
	 * Whether this value is worth keeping as a call's argument: a constant a guard of the callee may
	 * compare, something the caller's own constants decide, or an object whose classes may be known
	 * exactly (a field's value, a new instance, a cast), which decides the calls the callee makes on it.
	 * @return whether it is
	 */
	boolean isConstantLike() {
		return this.kind == Kind.INT || this.kind == Kind.STRING || this.kind == Kind.PARAMETER
				|| this.kind == Kind.FIELD || this.kind == Kind.NEW || this.kind == Kind.CAST || isParameterProperty();
	}

	static Value resultOf(CallSite call) {
		return new Value(Kind.RESULT, null, null, null, call, List.of(), 0);
	}

	// The value a chain of casts was made on: the same object.
	Value withoutCasts() {
		Value object = this;
		while (object.kind == Kind.CAST && object.parts.size() == 1) {
			object = object.parts.get(0);
		}
		return object;
	}

	static Value cast(Value value, String type) {
		return new Value(Kind.CAST, type, null, null, null, List.of(value), 0);
	}

	static Value intConstant(int value) {
		return new Value(Kind.INT, null, null, null, null, List.of(), value);
	}

	static Value parameter(int index) {
		return parameter(index, null);
	}

	/**
	 * An {@code int}-like word stored into a parameter's own variable in a branch where that parameter
	 * was non-zero ({@code true}): whatever it is, it exists only when the parameter was entered non-zero.
	 * Connector/J's {@code realClose(calledExplicitly, closeOpenResults)} narrows its flag with
	 * {@code if (closeOpenResults) closeOpenResults = !(...)}, then closes the results only
	 * {@code if (closeOpenResults)}: a caller that passes {@code false} never closes them.
	 * @param index the parameter's index among the declared ones
	 * @return the value
	 */
	static Value setWhileTrue(int index) {
		return new Value(Kind.SET_WHILE_TRUE, null, null, null, null, List.of(), index);
	}

	/**
	 * The parameter whose being non-zero this word's being non-zero implies: the parameter itself, a
	 * value {@link #setWhileTrue set while it was true}, or a union of these and of the constant 0.
	 * @return the parameter's index, or -1 when there is none
	 */
	int nonZeroOnlyWithParameter() {
		int parameter = -1;
		for (Value part : alternatives()) {
			if (part.kind == Kind.INT && part.number == 0) {
				continue;
			}
			if ((part.kind != Kind.PARAMETER && part.kind != Kind.SET_WHILE_TRUE)
					|| (parameter >= 0 && parameter != part.number)) {
				return -1;
			}
			parameter = part.number;
		}
		return parameter;
	}

	/**
	 * A parameter of the running method, as it was entered with it.
	 * @param index its index among the declared parameters
	 * @param declaredType the class or interface it is declared as (internal name); {@code null} for
	 * a primitive or an array
	 * @return the value
	 */
	static Value parameter(int index, String declaredType) {
		return new Value(Kind.PARAMETER, declaredType, null, null, null, List.of(), index);
	}

	/**
	 * One of two values. Alternatives are kept even next to {@link #ANY}: a new instance of an
	 * anonymous class stays visible as such (see {@link TypeHierarchy}). More than
	 * {@value #MAX_ALTERNATIVES} alternatives collapse into {@link #TOP}, which absorbs every union
	 * after: the caller then records the new instances of both values as escaping.
	 * @param first a value or {@code null} for none
	 * @param second a value or {@code null} for none
	 * @return the union
	 */
	static Value union(Value first, Value second) {
		if (first == null || first.equals(second)) {
			return second;
		}
		if (second == null || first == TOP) {
			return first;
		}
		if (second == TOP) {
			return second;
		}
		Set<Value> alternatives = new LinkedHashSet<>();
		alternatives.addAll(first.alternatives());
		alternatives.addAll(second.alternatives());
		alternatives.remove(NULL);
		if (alternatives.size() > MAX_ALTERNATIVES) {
			return TOP;
		}
		if (alternatives.size() == 1) {
			return alternatives.iterator().next();
		}
		return new Value(Kind.UNION, null, null, null, null, new ArrayList<>(alternatives), 0);
	}

	private List<Value> alternatives() {
		return (this.kind == Kind.UNION) ? this.parts : List.of(this);
	}

	/**
	 * Whether the value may be the receiver of the running method, so that what it resolves to
	 * depends on which object that method runs for.
	 * @return whether {@code this} is among the alternatives or cast
	 */
	boolean mayBeThis() {
		if (this.kind == Kind.THIS) {
			return true;
		}
		for (Value part : this.parts) {
			if (part.mayBeThis()) {
				return true;
			}
		}
		return false;
	}

	@Override
	public String toString() {
		switch (this.kind) {
			case THIS:
				return "this";
			case NEW:
				return "new " + this.type + (this.parts.isEmpty() ? "" : this.parts.toString());
			case STRING:
				return (this.name != null) ? '"' + this.name + '"' : "another string";
			case INT:
				return String.valueOf(this.number);
			case FIELD:
				return this.type + "." + this.name;
			case RESULT:
				return "result of " + this.call.getCalleeFullName();
			case CAST:
				return "(" + this.type + ") " + this.parts.get(0);
			case UNION:
				return this.parts.toString();
			default:
				return this.kind.name().toLowerCase(Locale.ROOT);
		}
	}

}
