package io.github.vtstarter.archunit.bytecode;

/**
 * A reference stored into a field by analysed code.
 * @param owner the class the instruction names the field by (internal name)
 * @param name the field's name
 * @param value what was stored
 * @param byOwnConstructor whether a constructor stored it into its own object ({@code this.rows = rows}): a
 * constructor runs once for an object, so no such store comes between another constructor's store and its read,
 * unless that constructor calls the other on itself in between ({@code this(...)}), which ValueFlow accounts for
 */
record FieldStore(String owner, String name, Value value, boolean byOwnConstructor) {

}
