package io.github.vtstarter.archunit.bytecode;

import java.util.Map;
import java.util.Set;

/**
 * A condition on a parameter that a call is made under: the call sits in a branch that runs only
 * when the parameter, as the method was entered with it, equals (or differs from) a constant.
 * {@code switch (concurrency) { case CONCUR_UPDATABLE: new UpdatableResultSet(...) }} makes the
 * constructor call guarded by {@code concurrency == 1008}; a caller that passes
 * {@code CONCUR_READ_ONLY} never runs it.
 * <p>
 * On an enum parameter javac switches on a key from a table it generates ({@code switchMap}), one
 * per constant: {@code switch (action) { case REQ_HOST_ATTRIBUTE: ... }} guards the branch with
 * {@code $SwitchMap$...ActionCode[action.ordinal()] == 12}, and a caller's constant is compared
 * with the key the table gives it.
 * <p>
 * A string is compared with {@code equals}, on the parameter itself or on what a getter returns
 * for it ({@code property}): {@code if ("after_start".equals(event.getType()))} guards the branch
 * with {@code getType() of event equals "after_start"}, which a caller that passes
 * {@code new LifecycleEvent(this, "before_stop", null)} rules out.
 * <p>
 * An {@code int} parameter may also be compared by order: Tomcat's {@code Acceptor.stop(int waitSeconds)}
 * awaits its latch only {@code if (waitSeconds > 0)}, which a caller that passes {@code -1} rules out.
 * <p>
 * A reference parameter may be tested with {@code instanceof}: Tomcat's {@code Registry.load(sourceType, source,
 * param)} opens a URL only {@code if (source instanceof URL)}, which a caller that passes a {@code Class} rules
 * out.
 * @param parameter the parameter's index among the declared ones (0 for the first)
 * @param value the constant it is compared with: an {@link Integer} (the {@code int} itself, or the
 * switch key), a string {@link Value}, or (instanceof) the internal name of the type tested
 * @param equal whether the call runs when the comparison holds (or when it does not)
 * @param switchMap for an enum parameter, the table's field ({@code owner.name}); {@code null} otherwise
 * @param property the getter whose value is compared ({@code name} and descriptor); {@code null} for
 * the parameter itself
 * @param comparison how the parameter is compared with the value: equal to it, (an {@code int}) less or
 * greater than it, or (a reference) an instance of it
 */
public record ParameterGuard(int parameter, Object value, boolean equal, String switchMap, String property,
		Comparison comparison) {

	/** How a guard compares its parameter with its value. */
	public enum Comparison {

		EQUAL_TO, LESS_THAN, GREATER_THAN,

		/** A reference parameter is an instance of the type the value names ({@code instanceof}). */
		INSTANCE_OF

	}

	ParameterGuard(int parameter, Object value, boolean equal, String switchMap, String property) {
		this(parameter, value, equal, switchMap, property, Comparison.EQUAL_TO);
	}

	ParameterGuard(int parameter, int value, boolean equal) {
		this(parameter, value, equal, null, null);
	}

	// A reference parameter tested with instanceof: the call runs when it is an instance of the type (or not).
	static ParameterGuard instanceOf(int parameter, String type, boolean holds) {
		return new ParameterGuard(parameter, type, holds, null, null, Comparison.INSTANCE_OF);
	}

	// An int parameter compared by order: parameter < value (or >), or not.
	static ParameterGuard ordered(int parameter, int value, Comparison comparison, boolean holds) {
		return new ParameterGuard(parameter, value, holds, null, null, comparison);
	}

	/**
	 * Whether every guard holds for the parameters whose constant is known; a guard on a parameter
	 * whose value is not known holds.
	 * @param guards the guards of a call
	 * @param constants the known constants, by parameter index: an {@link Integer} for an
	 * {@code int}-like parameter, the enum constant's {@code owner.name} for an enum, a {@link Value}
	 * for a string or an object constructed with constants
	 * @param hierarchy what answers for switch keys and getters
	 * @return whether the call may run
	 */
	public static boolean allHold(Set<ParameterGuard> guards, Map<Integer, Object> constants,
			TypeHierarchy hierarchy) {
		for (ParameterGuard guard : guards) {
			Object known = constants.get(guard.parameter);
			if (guard.comparison == Comparison.INSTANCE_OF) {
				// Only the branch where it is an instance can be ruled out: null is an instance of nothing.
				if (guard.equal && known != null && hierarchy.isNeverInstanceOf(known, (String) guard.value)) {
					return false;
				}
				continue;
			}
			if (known != null && guard.property != null) {
				known = hierarchy.propertyOf(known, guard.property);
			}
			Object key = null;
			if (guard.switchMap == null && (known instanceof Integer || known instanceof Value)) {
				key = known;
			}
			else if (guard.switchMap != null && known instanceof String) {
				key = hierarchy.switchKey(guard.switchMap, (String) known);
			}
			if (key != null && (guard.comparison == Comparison.EQUAL_TO || key instanceof Integer)
					&& guard.compare(key) != guard.equal) {
				return false;
			}
		}
		return true;
	}

	private boolean compare(Object key) {
		return switch (this.comparison) {
			case EQUAL_TO -> key.equals(this.value);
			// A constant of an int parameter against the int the code compares it with.
			case LESS_THAN -> (int) key < (int) this.value;
			case GREATER_THAN -> (int) key > (int) this.value;
			// Never asked: allHold answers instanceof guards before it compares keys.
			case INSTANCE_OF -> throw new IllegalStateException("Not a comparison of constants: " + this);
		};
	}

	ParameterGuard negated() {
		return new ParameterGuard(this.parameter, this.value, !this.equal, this.switchMap, this.property,
				this.comparison);
	}

}
