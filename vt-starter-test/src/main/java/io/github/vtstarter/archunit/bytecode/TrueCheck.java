package io.github.vtstarter.archunit.bytecode;

/**
 * A no-argument {@code boolean} method that returned {@code true} on a call's receiver before the call (see
 * {@link CallSite#getTrueChecks()}): {@code future.isDone()} before {@code future.get()}.
 * @param owner the internal name of the type the check was called on, as the instruction names it
 * @param name the check's name
 */
public record TrueCheck(String owner, String name) {

}
