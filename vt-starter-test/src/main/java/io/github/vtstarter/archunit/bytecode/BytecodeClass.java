package io.github.vtstarter.archunit.bytecode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the rules need to know about one analysed class file: its place in the type hierarchy,
 * its source file name and its methods with their calls and monitor regions.
 */
public final class BytecodeClass {

	private final String internalName;

	private final String superName;

	private final String[] interfaces;

	private final boolean isInterface;

	private String sourceFile;

	private int access;

	private final java.util.Set<String> instantiated = new java.util.HashSet<>();

	private final Map<String, BytecodeMethod> methods = new LinkedHashMap<>();

	private final java.util.Set<String> fields = new java.util.HashSet<>(4);

	// Field name (owner/name as the instruction names it) and the value stored, per store.
	private final List<Object[]> fieldStores = new ArrayList<>(0);

	private final java.util.Set<String> escaping = new java.util.HashSet<>(0);

	private boolean localOrAnonymous;

	BytecodeClass(String internalName, String superName, String[] interfaces, boolean isInterface) {
		this.internalName = internalName;
		this.superName = superName;
		this.interfaces = (interfaces != null) ? interfaces : new String[0];
		this.isInterface = isInterface;
	}

	public String getInternalName() {
		return this.internalName;
	}

	public String getBinaryName() {
		return this.internalName.replace('/', '.');
	}

	public String getSuperName() {
		return this.superName;
	}

	public String[] getInterfaces() {
		return this.interfaces;
	}

	public boolean isInterface() {
		return this.isInterface;
	}

	void setAccess(int access) {
		this.access = access;
	}

	/**
	 * Whether a framework could create this class by name, the way JDBC drivers, Logback appenders
	 * or Tomcat valves are: a public, concrete class with a public no-argument constructor.
	 * @return whether the class may be instantiated reflectively
	 */
	boolean isReflectivelyInstantiable() {
		if ((this.access & (org.springframework.asm.Opcodes.ACC_PUBLIC | org.springframework.asm.Opcodes.ACC_ABSTRACT
				| org.springframework.asm.Opcodes.ACC_INTERFACE)) != org.springframework.asm.Opcodes.ACC_PUBLIC) {
			return false;
		}
		BytecodeMethod constructor = getMethod("<init>", "()V");
		return constructor != null && constructor.isPublic();
	}

	/**
	 * The types whose instances this class's code creates ({@code new}).
	 * @return internal names
	 */
	java.util.Set<String> getInstantiated() {
		return this.instantiated;
	}

	void addInstantiated(String internalName) {
		this.instantiated.add(internalName);
	}

	void addField(String name) {
		this.fields.add(name);
	}

	boolean declaresField(String name) {
		return this.fields.contains(name);
	}

	void addFieldStore(String owner, String name, Value value) {
		this.fieldStores.add(new Object[] { owner, name, value });
	}

	/**
	 * The stores of references into fields made by this class's code.
	 * @return owner (internal name, as the instruction names it), field name and stored value of each store
	 */
	List<Object[]> getFieldStores() {
		return this.fieldStores;
	}

	void addEscaping(java.util.Set<String> classNames) {
		this.escaping.addAll(classNames);
	}

	/**
	 * The classes whose instances this class's code passes on: as an argument, a result, into a
	 * field or an array, or {@code this} of its own.
	 * @return internal names
	 */
	java.util.Set<String> getEscaping() {
		return this.escaping;
	}

	void setLocalOrAnonymous() {
		this.localOrAnonymous = true;
	}

	/**
	 * Whether the class is anonymous or declared inside a method: its instances exist only where
	 * that code creates them, unless they escape from there.
	 * @return whether the class is local or anonymous
	 */
	boolean isLocalOrAnonymous() {
		return this.localOrAnonymous;
	}

	void setSourceFile(String sourceFile) {
		this.sourceFile = sourceFile;
	}

	/**
	 * The source file name for {@code (File.java:line)} locations; javac always records it, for
	 * class files without it the name is derived the way javac would have named the file.
	 * @return the source file name
	 */
	String getSourceFile() {
		if (this.sourceFile != null) {
			return this.sourceFile;
		}
		String simple = this.internalName.substring(this.internalName.lastIndexOf('/') + 1);
		int nested = simple.indexOf('$');
		return ((nested > 0) ? simple.substring(0, nested) : simple) + ".java";
	}

	void addMethod(BytecodeMethod method) {
		this.methods.put(method.getName() + method.getDescriptor(), method);
	}

	public BytecodeMethod getMethod(String name, String descriptor) {
		return this.methods.get(name + descriptor);
	}

	public List<BytecodeMethod> getMethods() {
		return new ArrayList<>(this.methods.values());
	}

	@Override
	public String toString() {
		return getBinaryName();
	}

}
