package io.github.vtstarter.archunit.bytecode;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.ArrayList;

/**
 * Supertypes and subtypes as far as they can be known without loading classes: analysed classes
 * from their parsed class files, everything else (JDK, libraries) from the headers of class files
 * on the class path. A type that is nowhere to be found has only itself and {@code Object} as
 * supertypes, which is why catalogue entries for absent libraries are harmless.
 */
public final class TypeHierarchy {

	private static final String OBJECT = "java/lang/Object";

	private final Map<String, BytecodeClass> analysed;

	private final ClassFileLocator locator;

	private final Map<String, BytecodeClass> headers = new HashMap<>();

	private final Map<String, Set<String>> supertypes = new HashMap<>();

	private final Map<String, List<BytecodeClass>> directSubtypes = new HashMap<>();

	private final Map<String, Set<BytecodeClass>> subtypes = new HashMap<>();

	private final Set<String> instantiated = new HashSet<>();

	public TypeHierarchy(Map<String, BytecodeClass> analysed, ClassFileLocator locator) {
		this.analysed = analysed;
		this.locator = locator;
		for (BytecodeClass type : analysed.values()) {
			this.instantiated.addAll(type.getInstantiated());
			if (type.getSuperName() != null) {
				this.directSubtypes.computeIfAbsent(type.getSuperName(), (key) -> new ArrayList<>()).add(type);
			}
			for (String implemented : type.getInterfaces()) {
				this.directSubtypes.computeIfAbsent(implemented, (key) -> new ArrayList<>()).add(type);
			}
		}
	}

	/**
	 * The type and all its supertypes.
	 * @param internalName internal name of the type
	 * @return binary names ({@code java.io.InputStream}) of the type and its supertypes
	 */
	public Set<String> supertypesOf(String internalName) {
		Set<String> result = this.supertypes.get(internalName);
		if (result == null) {
			result = new HashSet<>();
			Deque<String> pending = new ArrayDeque<>();
			pending.add(internalName);
			while (!pending.isEmpty()) {
				String current = pending.poll();
				if (result.add(current.replace('/', '.'))) {
					BytecodeClass header = header(current);
					if (header != null) {
						if (header.getSuperName() != null) {
							pending.add(header.getSuperName());
						}
						Collections.addAll(pending, header.getInterfaces());
					}
				}
			}
			result.add(OBJECT.replace('/', '.'));
			result = Collections.unmodifiableSet(result);
			this.supertypes.put(internalName, result);
		}
		return result;
	}

	/**
	 * All analysed classes that extend or implement the type, directly or indirectly.
	 * @param internalName internal name of the type
	 * @return the analysed subtypes, without the type itself
	 */
	public Set<BytecodeClass> analysedSubtypesOf(String internalName) {
		Set<BytecodeClass> result = this.subtypes.get(internalName);
		if (result == null) {
			result = new LinkedHashSet<>();
			Deque<String> pending = new ArrayDeque<>();
			pending.add(internalName);
			while (!pending.isEmpty()) {
				for (BytecodeClass subtype : this.directSubtypes.getOrDefault(pending.poll(), List.of())) {
					if (result.add(subtype)) {
						pending.add(subtype.getInternalName());
					}
				}
			}
			this.subtypes.put(internalName, result);
		}
		return result;
	}

	/**
	 * Whether instances of the analysed class may exist (rapid type analysis): the analysed code
	 * creates one with {@code new}, or a framework could create one by name.
	 * @param type an analysed class
	 * @return whether the class may be the receiver of a call
	 */
	public boolean mayBeInstantiated(BytecodeClass type) {
		return this.instantiated.contains(type.getInternalName()) || type.isReflectivelyInstantiable();
	}

	public BytecodeClass analysed(String internalName) {
		return this.analysed.get(internalName);
	}

	private BytecodeClass header(String internalName) {
		BytecodeClass result = this.analysed.get(internalName);
		if (result != null || internalName.startsWith("[")) {
			return result;
		}
		if (this.headers.containsKey(internalName)) {
			return this.headers.get(internalName);
		}
		byte[] classFile = this.locator.readFromClassPath(internalName);
		try {
			result = (classFile != null) ? ClassFileParser.parseHeader(classFile) : null;
		}
		catch (RuntimeException ex) {
			result = null;
		}
		this.headers.put(internalName, result);
		return result;
	}

}
