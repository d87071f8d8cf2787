package io.github.vtstarter.archunit.bytecode;

import java.util.ArrayList;
import java.util.HashMap;
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

	private boolean isFinal;

	private final java.util.Set<String> instantiated = new java.util.HashSet<>();

	// By name, then descriptor: looked up for every call the search follows, without building a key.
	private final Map<String, Map<String, BytecodeMethod>> methodsByName = new HashMap<>();

	private final List<BytecodeMethod> methods = new ArrayList<>();

	private final java.util.Set<String> fields = new java.util.HashSet<>(4);

	private final java.util.Set<String> finalFields = new java.util.HashSet<>(4);

	// Strings compared in guards ("after_start".equals(event.getType())).
	private final java.util.Set<String> comparedStrings = new java.util.HashSet<>(0);

	// Getters whose value guards compare (event.getType()).
	private final java.util.Set<String> comparedGetters = new java.util.HashSet<>(0);

	// Field name (owner/name as the instruction names it) and the value stored, per store.
	private final List<FieldStore> fieldStores = new ArrayList<>(0);

	private final java.util.Set<String> escaping = new java.util.HashSet<>(0);

	private boolean localOrAnonymous;

	// What this class's initializer puts in javac's switch maps: map field (owner.name), enum constant (owner.name), key.
	private final Map<String, Map<String, Integer>> switchKeys = new java.util.HashMap<>(0);

	// The names of the enum constants this class declares (fields with ACC_ENUM).
	private final java.util.Set<String> enumConstants = new java.util.HashSet<>(0);

	// Methods this class's lambdas and method references run: owner/name+descriptor.
	private final java.util.Set<String> methodReferences = new java.util.HashSet<>(0);

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

	/**
	 * Whether no class can extend this one.
	 * @return whether it is declared {@code final}
	 */
	boolean isFinal() {
		return this.isFinal;
	}

	void setFinal(boolean isFinal) {
		this.isFinal = isFinal;
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

	void addEnumConstant(String name) {
		this.enumConstants.add(name);
	}

	// The names of the enum constants this class declares.
	java.util.Set<String> enumConstants() {
		return this.enumConstants;
	}

	/**
	 * Whether this class declares the enum constant: a static field of an enum's own type may also be
	 * an alias of one ({@code static final Mode DEFAULT = FAST;}).
	 * @param name the field's name
	 * @return whether the field is an enum constant
	 */
	boolean declaresEnumConstant(String name) {
		return this.enumConstants.contains(name);
	}

	void addSwitchKey(String switchMap, String constant, int key) {
		this.switchKeys.computeIfAbsent(switchMap, (map) -> new java.util.HashMap<>()).put(constant, key);
	}

	/**
	 * The key a switch map this class fills gives an enum constant.
	 * @param switchMap the map's field, {@code owner.name}
	 * @param constant the constant, {@code owner.name}
	 * @return the key; {@code null} when the map has none for it (javac's default branch, for a
	 * constant without a case) or this class fills no such map
	 */
	Integer switchKey(String switchMap, String constant) {
		Map<String, Integer> keys = this.switchKeys.get(switchMap);
		return (keys != null) ? keys.get(constant) : null;
	}

	boolean fillsSwitchMap(String switchMap) {
		return this.switchKeys.containsKey(switchMap);
	}

	/**
	 * The enum types of the constants this class's switch maps have keys for.
	 * @return internal names
	 */
	java.util.Set<String> switchedEnums() {
		java.util.Set<String> types = new java.util.HashSet<>();
		for (Map<String, Integer> keys : this.switchKeys.values()) {
			for (String constant : keys.keySet()) {
				types.add(Value.ownerOf(constant));
			}
		}
		return types;
	}

	void addMethodReference(String owner, String name, String descriptor) {
		this.methodReferences.add(owner + "." + name + descriptor);
	}

	/**
	 * Whether a lambda or method reference of this class's code runs the method: it may then run
	 * whenever, and for whichever object, the function is invoked.
	 * @param method a method
	 * @return whether this class's code references it as a function
	 */
	boolean referencesAsFunction(BytecodeMethod method) {
		return this.methodReferences
			.contains(method.getOwner().getInternalName() + "." + method.getName() + method.getDescriptor());
	}

	void addField(String name) {
		this.fields.add(name);
	}

	void addFinalField(String name) {
		this.finalFields.add(name);
	}

	/**
	 * Whether the class declares a final field of this name: only its constructors set it.
	 * @param name the field's name
	 * @return whether it is final
	 */
	boolean declaresFinalField(String name) {
		return this.finalFields.contains(name);
	}

	void addComparedString(String value) {
		this.comparedStrings.add(value);
	}

	void addComparedGetter(String nameAndDescriptor) {
		this.comparedGetters.add(nameAndDescriptor);
	}

	/**
	 * The getters whose value this class's guards compare ({@code getType()Ljava/lang/String;} for
	 * {@code "after_start".equals(event.getType())}).
	 * @return name and descriptor of each
	 */
	java.util.Set<String> comparedGetters() {
		return this.comparedGetters;
	}

	/**
	 * The strings this class's code compares a parameter (or a getter's value of one) with, in a
	 * guard of a call: only passing these can rule a branch out.
	 * @return the strings
	 */
	java.util.Set<String> comparedStrings() {
		return this.comparedStrings;
	}

	boolean declaresField(String name) {
		return this.fields.contains(name);
	}

	void addFieldStore(FieldStore store) {
		this.fieldStores.add(store);
	}

	/**
	 * The stores of references into fields made by this class's code.
	 * @return the stores
	 */
	List<FieldStore> getFieldStores() {
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
		this.methodsByName.computeIfAbsent(method.getName(), (name) -> new HashMap<>(2))
			.put(method.getDescriptor(), method);
		this.methods.add(method);
	}

	public BytecodeMethod getMethod(String name, String descriptor) {
		Map<String, BytecodeMethod> overloads = this.methodsByName.get(name);
		return (overloads != null) ? overloads.get(descriptor) : null;
	}

	public List<BytecodeMethod> getMethods() {
		return java.util.Collections.unmodifiableList(this.methods);
	}

	@Override
	public String toString() {
		return getBinaryName();
	}

}
