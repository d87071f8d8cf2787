package io.github.vtstarter.archunit.bytecode;

/**
 * A call made on a field of {@code this} that returned: H2's {@code Database} constructor calls
 * {@code meta.addIndex(...)} right after it sets {@code meta}; Connector/J's {@code ResultSetImpl.first()} calls
 * {@code this.rowData.beforeFirst()} and then {@code this.rowData.next()}. The object the field holds then is none
 * whose method never returns.
 * @param field the field's name
 * @param method the method's name and descriptor
 */
record FieldCall(String field, String method) {

	boolean isOn(String name) {
		return this.field.equals(name);
	}

}
