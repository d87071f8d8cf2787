package io.github.vtstarter.archunit.bytecode;

import java.util.Map;
import java.util.Set;

/**
 * A condition on an {@code int}-like parameter that a call is made under: the call sits in a
 * branch that runs only when the parameter, as the method was entered with it, equals (or differs
 * from) a constant. {@code switch (concurrency) { case CONCUR_UPDATABLE: new UpdatableResultSet(...) }}
 * makes the constructor call guarded by {@code concurrency == 1008}; a caller that passes
 * {@code CONCUR_READ_ONLY} never runs it.
 * @param parameter the parameter's index among the declared ones (0 for the first)
 * @param value the constant it is compared with
 * @param equal whether the call runs when they are equal (or when they differ)
 */
public record ParameterGuard(int parameter, int value, boolean equal) {

	/**
	 * Whether every guard holds for the parameters whose constant is known; a guard on a parameter
	 * whose value is not known holds.
	 * @param guards the guards of a call
	 * @param constants the known constants, by parameter index
	 * @return whether the call may run
	 */
	public static boolean allHold(Set<ParameterGuard> guards, Map<Integer, Integer> constants) {
		for (ParameterGuard guard : guards) {
			Integer known = constants.get(guard.parameter);
			if (known != null && (known == guard.value) != guard.equal) {
				return false;
			}
		}
		return true;
	}

	ParameterGuard negated() {
		return new ParameterGuard(this.parameter, this.value, !this.equal);
	}

}
