package io.github.vtstarter.archunit.bytecode;

import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * A condition on an {@code int}-like parameter that a call is made under: the call sits in a
 * branch that runs only when the parameter, as the method was entered with it, equals (or differs
 * from) a constant. {@code switch (concurrency) { case CONCUR_UPDATABLE: new UpdatableResultSet(...) }}
 * makes the constructor call guarded by {@code concurrency == 1008}; a caller that passes
 * {@code CONCUR_READ_ONLY} never runs it.
 * <p>
 * On an enum parameter javac switches on a key from a table it generates ({@code switchMap}), one
 * per constant: {@code switch (action) { case REQ_HOST_ATTRIBUTE: ... }} guards the branch with
 * {@code $SwitchMap$...ActionCode[action.ordinal()] == 12}, and a caller's constant is compared
 * with the key the table gives it.
 * @param parameter the parameter's index among the declared ones (0 for the first)
 * @param value the constant it is compared with: the {@code int} itself, or the switch key
 * @param equal whether the call runs when they are equal (or when they differ)
 * @param switchMap for an enum parameter, the table's field ({@code owner.name}); {@code null} for
 * an {@code int}-like one
 */
public record ParameterGuard(int parameter, int value, boolean equal, String switchMap) {

	ParameterGuard(int parameter, int value, boolean equal) {
		this(parameter, value, equal, null);
	}

	/**
	 * Whether every guard holds for the parameters whose constant is known; a guard on a parameter
	 * whose value is not known holds.
	 * @param guards the guards of a call
	 * @param constants the known constants, by parameter index: an {@link Integer} for an
	 * {@code int}-like parameter, the enum constant's {@code owner.name} for an enum
	 * @param switchKeys the key a switch map gives an enum constant, {@code null} when the table is
	 * not known
	 * @return whether the call may run
	 */
	public static boolean allHold(Set<ParameterGuard> guards, Map<Integer, Object> constants,
			BiFunction<String, String, Integer> switchKeys) {
		for (ParameterGuard guard : guards) {
			Object known = constants.get(guard.parameter);
			Integer key = null;
			if (guard.switchMap == null && known instanceof Integer) {
				key = (Integer) known;
			}
			else if (guard.switchMap != null && known instanceof String) {
				key = switchKeys.apply(guard.switchMap, (String) known);
			}
			if (key != null && (key == guard.value) != guard.equal) {
				return false;
			}
		}
		return true;
	}

	ParameterGuard negated() {
		return new ParameterGuard(this.parameter, this.value, !this.equal, this.switchMap);
	}

}
