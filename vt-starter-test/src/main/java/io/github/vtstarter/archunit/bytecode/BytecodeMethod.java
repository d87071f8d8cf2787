package io.github.vtstarter.archunit.bytecode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.springframework.asm.Opcodes;
import org.springframework.asm.Type;

/**
 * A method of an analysed class: every call its body makes, each marked with the monitor region
 * (if any) that is held when the call is made.
 */
public final class BytecodeMethod {

	private final BytecodeClass owner;

	private final int access;

	private final String name;

	private final String descriptor;

	private final List<CallSite> calls = new ArrayList<>();

	private int firstLine = -1;

	private boolean createsInMemoryStream;

	private Value returned;

	private boolean returnsNormally = true;

	private Set<FieldCall> callsOnFieldsBeforeReturn;

	// A constructor's stores into its own object's fields, by field name.
	private Map<String, Value> constructorStores = Map.of();

	private boolean usesThis;

	BytecodeMethod(BytecodeClass owner, int access, String name, String descriptor) {
		this.owner = owner;
		this.access = access;
		this.name = name;
		this.descriptor = descriptor;
	}

	public BytecodeClass getOwner() {
		return this.owner;
	}

	public String getName() {
		return this.name;
	}

	public String getDescriptor() {
		return this.descriptor;
	}

	boolean isSynchronized() {
		return (this.access & Opcodes.ACC_SYNCHRONIZED) != 0;
	}

	boolean isPublic() {
		return (this.access & Opcodes.ACC_PUBLIC) != 0;
	}

	boolean isPrivate() {
		return (this.access & Opcodes.ACC_PRIVATE) != 0;
	}

	boolean isStatic() {
		return (this.access & Opcodes.ACC_STATIC) != 0;
	}

	public boolean hasCode() {
		return (this.access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) == 0;
	}

	public List<CallSite> getCalls() {
		return this.calls;
	}

	void addCall(CallSite call) {
		this.calls.add(call);
	}

	/**
	 * Whether this method creates a byte-array or string stream, which the JDK's stream
	 * decorators it calls then most likely wrap: serializing into a {@code ByteArrayOutputStream},
	 * reading a blob through {@code new ObjectInputStream(new ByteArrayInputStream(bytes))}.
	 * @return whether an in-memory stream is created here
	 */
	public boolean createsInMemoryStream() {
		return this.createsInMemoryStream;
	}

	void setCreatesInMemoryStream() {
		this.createsInMemoryStream = true;
	}

	/**
	 * What the method may return, from its own bytecode.
	 * @return the returned value, {@code null} if it returns no reference: a {@code void} or primitive
	 * method, or one that never returns (every path throws)
	 */
	Value getReturned() {
		return this.returned;
	}

	void setReturned(Value returned) {
		this.returned = returned;
	}

	/**
	 * Whether the method can return at all: one whose every path throws (an unsupported operation)
	 * never does, and the object it ran for was never of its class where a call to it returned.
	 * @return {@code false} when no path of its code reaches a return
	 */
	boolean returnsNormally() {
		return this.returnsNormally || !hasCode();
	}

	void setReturnsNormally(boolean returnsNormally) {
		this.returnsNormally = returnsNormally;
	}

	/**
	 * The calls a constructor makes on its own object's fields and that returned before it returned,
	 * on every path: {@code meta} and {@code addIndex(...)Lorg/h2/index/Index;} for H2's {@code Database},
	 * which calls {@code meta.addIndex(...)} right after it set {@code meta}.
	 * @return the calls; {@code null} for a constructor that never returns and for other methods
	 */
	Set<FieldCall> getCallsOnFieldsBeforeReturn() {
		return this.callsOnFieldsBeforeReturn;
	}

	void setCallsOnFieldsBeforeReturn(Set<FieldCall> calls) {
		this.callsOnFieldsBeforeReturn = (calls != null) ? Set.copyOf(calls) : null;
	}

	/**
	 * What a constructor stores into a field of the object it initialises.
	 * @param field the field's name
	 * @return the value, {@link Value#ANY} when it stores different ones, {@code null} when it stores none
	 */
	Value getConstructorStore(String field) {
		return this.constructorStores.get(field);
	}

	void setConstructorStores(Map<String, Value> stores) {
		this.constructorStores = stores.isEmpty() ? Map.of() : Map.copyOf(stores);
	}

	/**
	 * Whether a call of this method is made on its own receiver ({@code this.foo()}), so that the
	 * methods it reaches depend on which object it runs for.
	 * @return whether the method calls methods on {@code this}
	 */
	public boolean usesThis() {
		return this.usesThis;
	}

	void setUsesThis() {
		this.usesThis = true;
	}

	int getFirstLine() {
		return this.firstLine;
	}

	void setFirstLine(int firstLine) {
		this.firstLine = firstLine;
	}

	/**
	 * The name in ArchUnit's format, {@code com.acme.Foo.bar(int, java.lang.String)}.
	 * @return the full name
	 */
	public String getFullName() {
		return fullName(this.owner.getInternalName(), this.name, this.descriptor);
	}

	/**
	 * {@code Method}, {@code Constructor} or {@code Static Initializer}, as ArchUnit words it.
	 * @return the kind of code unit
	 */
	public String getKind() {
		if ("<init>".equals(this.name)) {
			return "Constructor";
		}
		return "<clinit>".equals(this.name) ? "Static Initializer" : "Method";
	}

	static String fullName(String ownerInternalName, String name, String descriptor) {
		StringBuilder result = new StringBuilder(ownerInternalName.replace('/', '.')).append('.').append(name)
			.append('(');
		Type[] parameters = Type.getArgumentTypes(descriptor);
		for (int i = 0; i < parameters.length; i++) {
			if (i > 0) {
				result.append(", ");
			}
			result.append(parameters[i].getClassName());
		}
		return result.append(')').toString();
	}

	@Override
	public String toString() {
		return getFullName();
	}

}
