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
 * @param parameter the parameter's index among the declared ones (0 for the first)
 * @param value the constant it is compared with: an {@link Integer} (the {@code int} itself, or the
 * switch key), or a string {@link Value}
 * @param equal whether the call runs when they are equal (or when they differ)
 * @param switchMap for an enum parameter, the table's field ({@code owner.name}); {@code null} otherwise
 * @param property the getter whose value is compared ({@code name} and descriptor); {@code null} for
 * the parameter itself
 */
public record ParameterGuard(int parameter, Object value, boolean equal, String switchMap, String property) {

	ParameterGuard(int parameter, int value, boolean equal) {
		this(parameter, value, equal, null, null);
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
			if (key != null && key.equals(guard.value) != guard.equal) {
				return false;
			}
		}
		return true;
	}

	ParameterGuard negated() {
		return new ParameterGuard(this.parameter, this.value, !this.equal, this.switchMap, this.property);
	}

}
