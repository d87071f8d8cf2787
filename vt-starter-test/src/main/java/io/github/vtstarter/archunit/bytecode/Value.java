package io.github.vtstarter.archunit.bytecode;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Set;

/**
 * What a reference on the operand stack or in a local variable may be, as far as one method's
 * bytecode tells: the method's own receiver ({@code this}), a new instance of a known class, the
 * value of a field or of a call's result (resolved later, over all analysed classes, by
 * {@link TypeHierarchy#typesOf(Value, TypeSet)}), a value cast to a type, or one of several of
 * these. Anything else (parameters, array elements, JDK results) is {@link #ANY}: whatever the
 * declared type allows.
 * <p>
 * Values are immutable and compared by structure, so that the value-flow pass over a method can
 * tell when its local variables stop changing.
 */
final class Value {

	enum Kind {

		ANY, NULL, THIS, NEW, FIELD, RESULT, CAST, UNION

	}

	/** A reference about which nothing is known beyond its declared type. */
	static final Value ANY = new Value(Kind.ANY, null, null, null, null, null);

	/** {@code null}: no object, so no type. */
	static final Value NULL = new Value(Kind.NULL, null, null, null, null, null);

	// Beyond this many alternatives a value is taken as ANY (see union()).
	private static final int MAX_ALTERNATIVES = 8;

	final Kind kind;

	// NEW: the class; CAST: the type cast to; THIS: the class whose method runs; FIELD: the field's owner.
	final String type;

	// FIELD: the field's name and descriptor.
	final String name;

	final String descriptor;

	// RESULT: the call whose result this is.
	final CallSite call;

	// CAST: the value cast; UNION: the alternatives.
	final Value[] parts;

	private final int hash;

	private Value(Kind kind, String type, String name, String descriptor, CallSite call, Value[] parts) {
		this.kind = kind;
		this.type = type;
		this.name = name;
		this.descriptor = descriptor;
		this.call = call;
		this.parts = parts;
		this.hash = Objects.hash(kind, type, name, descriptor, (call != null) ? System.identityHashCode(call) : 0,
				(parts != null) ? Arrays.hashCode(parts) : 0);
	}

	static Value thisOf(String className) {
		return new Value(Kind.THIS, className, null, null, null, null);
	}

	static Value newInstance(String className) {
		return new Value(Kind.NEW, className, null, null, null, null);
	}

	static Value field(String owner, String name, String descriptor) {
		return new Value(Kind.FIELD, owner, name, descriptor, null, null);
	}

	static Value resultOf(CallSite call) {
		return new Value(Kind.RESULT, null, null, null, call, null);
	}

	static Value cast(Value value, String type) {
		if (value.kind == Kind.NULL) {
			return value;
		}
		if (value.kind == Kind.CAST && value.type.equals(type)) {
			return value;
		}
		return new Value(Kind.CAST, type, null, null, null, new Value[] { value });
	}

	/**
	 * One of two values. Alternatives are kept even next to {@link #ANY}: a new instance of an
	 * anonymous class stays visible as such (see {@link TypeHierarchy}). Too many alternatives
	 * collapse into {@link #ANY}; {@link #exceedsAlternatives(Value, Value)} tells the caller so
	 * that the new instances lost in the collapse can be recorded as escaping.
	 * @param first a value or {@code null} for none
	 * @param second a value or {@code null} for none
	 * @return the union
	 */
	static Value union(Value first, Value second) {
		if (first == null || first.equals(second)) {
			return second;
		}
		if (second == null) {
			return first;
		}
		Set<Value> alternatives = alternatives(first, second);
		if (alternatives.size() > MAX_ALTERNATIVES) {
			return ANY;
		}
		if (alternatives.size() == 1) {
			return alternatives.iterator().next();
		}
		return new Value(Kind.UNION, null, null, null, null, alternatives.toArray(new Value[0]));
	}

	static boolean exceedsAlternatives(Value first, Value second) {
		return first != null && second != null && alternatives(first, second).size() > MAX_ALTERNATIVES;
	}

	private static Set<Value> alternatives(Value first, Value second) {
		Set<Value> alternatives = new LinkedHashSet<>();
		addAlternatives(alternatives, first);
		addAlternatives(alternatives, second);
		if (alternatives.size() > 1) {
			alternatives.remove(NULL);
		}
		return alternatives;
	}

	private static void addAlternatives(Set<Value> alternatives, Value value) {
		if (value.kind == Kind.UNION) {
			alternatives.addAll(Arrays.asList(value.parts));
		}
		else {
			alternatives.add(value);
		}
	}

	/**
	 * Whether the value may be the receiver of the running method, so that what it resolves to
	 * depends on which object that method runs for.
	 * @return whether {@code this} is among the alternatives
	 */
	boolean mayBeThis() {
		switch (this.kind) {
			case THIS:
				return true;
			case CAST:
				return this.parts[0].mayBeThis();
			case UNION:
				for (Value part : this.parts) {
					if (part.mayBeThis()) {
						return true;
					}
				}
				return false;
			default:
				return false;
		}
	}

	@Override
	public boolean equals(Object other) {
		if (this == other) {
			return true;
		}
		if (!(other instanceof Value)) {
			return false;
		}
		Value that = (Value) other;
		return this.hash == that.hash && this.kind == that.kind && Objects.equals(this.type, that.type)
				&& Objects.equals(this.name, that.name) && Objects.equals(this.descriptor, that.descriptor)
				&& this.call == that.call && Arrays.equals(this.parts, that.parts);
	}

	@Override
	public int hashCode() {
		return this.hash;
	}

	@Override
	public String toString() {
		switch (this.kind) {
			case THIS:
				return "this";
			case NEW:
				return "new " + this.type;
			case FIELD:
				return this.type + "." + this.name;
			case RESULT:
				return "result of " + this.call.getCalleeFullName();
			case CAST:
				return "(" + this.type + ") " + this.parts[0];
			case UNION:
				return Arrays.toString(this.parts);
			default:
				return this.kind.name().toLowerCase(java.util.Locale.ROOT);
		}
	}

}
