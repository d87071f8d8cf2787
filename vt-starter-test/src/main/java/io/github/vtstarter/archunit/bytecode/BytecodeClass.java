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
