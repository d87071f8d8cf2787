package io.github.vtstarter.archunit;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.vtstarter.archunit.bytecode.BytecodeClass;
import io.github.vtstarter.archunit.bytecode.BytecodeMethod;
import io.github.vtstarter.archunit.bytecode.CallSite;
import io.github.vtstarter.archunit.bytecode.TypeHierarchy;

/**
 * Finds, for a call made while a monitor is held, the shortest chain of calls through the
 * analysed classes that ends in a blocking call.
 * <p>
 * Calls are resolved the way the JVM would dispatch them, restricted to what the analysed classes
 * can tell: a static, private, constructor or {@code super} call to the declaration inherited by
 * the named owner; a virtual or interface call to that declaration and to every analysed override
 * in a subtype of the owner, so that a call on an interface reaches the analysed implementations.
 * Calls to types that are not analysed (the JDK, libraries) are judged by the catalogue alone:
 * following {@code Runnable.run()} into every analysed {@code Runnable} would flag code that runs
 * elsewhere. The search is bounded by a number of calls and memoised per method and remaining
 * depth, so recursion and re-entrant calls terminate and every method is explored once per depth.
 */
final class BlockingCallFinder {

	private static final BlockingCallChain NONE = new BlockingCallChain(null, null, null);

	private static final BlockingCall NOT_BLOCKING = BlockingCall.of("none", "none");

	private static final String OBJECT = "java.lang.Object";

	private static final java.util.Set<String> IN_MEMORY_DECORATORS = java.util.Set.of("java/io/ObjectInputStream",
			"java/io/ObjectOutputStream", "java/io/DataInputStream", "java/io/DataOutputStream",
			"java/io/BufferedInputStream", "java/io/BufferedOutputStream", "java/io/InputStreamReader",
			"java/io/OutputStreamWriter", "java/io/BufferedReader", "java/io/BufferedWriter", "java/io/PrintWriter",
			"java/io/PrintStream", "java/util/zip/GZIPInputStream", "java/util/zip/GZIPOutputStream",
			"java/util/zip/InflaterInputStream", "java/util/zip/DeflaterOutputStream");

	private static final java.util.Set<String> OBJECT_WAIT_DESCRIPTORS = java.util.Set.of("()V", "(J)V", "(JI)V");

	private final TypeHierarchy hierarchy;

	private final BlockingCallCatalogue catalogue;

	private final Map<String, BlockingCall> blockingByOwnerAndName = new HashMap<>();

	private final Map<String, List<BytecodeMethod>> targetsByCall = new HashMap<>();

	private final Map<BytecodeMethod, BlockingCallChain[]> chainsByMethod = new HashMap<>();

	private final int maxDepth;

	BlockingCallFinder(TypeHierarchy hierarchy, BlockingCallCatalogue catalogue, int maxDepth) {
		this.hierarchy = hierarchy;
		this.catalogue = catalogue;
		this.maxDepth = maxDepth;
	}

	/**
	 * The shortest chain from the call to a blocking call.
	 * @param call a call made while a monitor is held
	 * @return the chain or {@code null} if the call cannot block within the maximum depth
	 */
	BlockingCallChain find(CallSite call) {
		return find(call, this.maxDepth);
	}

	/**
	 * The analysed methods a call may run.
	 * @param call the call
	 * @return the methods with code the call resolves to
	 */
	List<BytecodeMethod> targetsOf(CallSite call) {
		String key = (call.isVirtual() ? "v " : "s ") + call.getOwnerInternalName() + "." + call.getName()
				+ call.getDescriptor();
		List<BytecodeMethod> targets = this.targetsByCall.get(key);
		if (targets == null) {
			targets = resolve(call);
			this.targetsByCall.put(key, targets);
		}
		return targets;
	}

	BlockingCall blockingEntryOf(CallSite call) {
		String key = call.getOwnerInternalName() + "." + call.getName();
		BlockingCall entry = this.blockingByOwnerAndName.get(key);
		if (entry == null) {
			entry = (call.getOwnerInternalName().startsWith("[") || !this.catalogue.mayMatch(call.getName())) ? null
					: this.catalogue.find(this.hierarchy.supertypesOf(call.getOwnerInternalName()), call.getName());
			entry = (entry != null) ? entry : NOT_BLOCKING;
			this.blockingByOwnerAndName.put(key, entry);
		}
		if (entry == NOT_BLOCKING) {
			return null;
		}
		if (OBJECT.equals(entry.getTypeName()) && !OBJECT_WAIT_DESCRIPTORS.contains(call.getDescriptor())
				&& "wait".equals(call.getName())) {
			// A method of one's own that happens to be called wait, e.g. H2's static FilePathDisk.wait(int).
			return null;
		}
		return entry;
	}

	private BlockingCallChain find(CallSite call, int callsLeft) {
		if (call.isGuardedByLevelCheck()) {
			// Diagnostic output behind "if (log.isDebugEnabled())": off unless someone debugs.
			return null;
		}
		BlockingCall entry = blockingEntryOf(call);
		if (entry != null && call.getCaller().createsInMemoryStream()
				&& IN_MEMORY_DECORATORS.contains(call.getOwnerInternalName())) {
			// A JDK decorator used in a method that creates a byte-array or string stream wraps it:
			// serialization into memory, not I/O.
			return null;
		}
		if (entry != null) {
			return new BlockingCallChain(call, null, entry);
		}
		if (callsLeft <= 1) {
			return null;
		}
		BlockingCallChain shortest = null;
		for (BytecodeMethod target : targetsOf(call)) {
			BlockingCallChain chain = findIn(target, callsLeft - 1);
			if (chain != null && (shortest == null || chain.length() + 1 < shortest.length())) {
				shortest = chain.prependedWith(call);
			}
		}
		return shortest;
	}

	private BlockingCallChain findIn(BytecodeMethod method, int callsLeft) {
		BlockingCallChain[] memo = this.chainsByMethod.computeIfAbsent(method,
				(key) -> new BlockingCallChain[this.maxDepth + 1]);
		BlockingCallChain known = memo[callsLeft];
		if (known != null) {
			return (known != NONE) ? known : null;
		}
		BlockingCallChain shortest = null;
		for (CallSite call : method.getCalls()) {
			BlockingCallChain chain = find(call, callsLeft);
			if (chain != null && (shortest == null || chain.length() < shortest.length())) {
				shortest = chain;
				if (shortest.length() == 1) {
					break;
				}
			}
		}
		memo[callsLeft] = (shortest != null) ? shortest : NONE;
		return shortest;
	}

	private List<BytecodeMethod> resolve(CallSite call) {
		BytecodeClass owner = this.hierarchy.analysed(call.getOwnerInternalName());
		if (owner == null) {
			return List.of();
		}
		Set<BytecodeMethod> targets = new LinkedHashSet<>();
		BytecodeMethod declared = resolveUpwards(owner, call.getName(), call.getDescriptor());
		if (declared != null) {
			targets.add(declared);
		}
		if (call.isVirtual()) {
			for (BytecodeClass subtype : this.hierarchy.analysedSubtypesOf(owner.getInternalName())) {
				// Rapid type analysis: an override runs only if its class can have instances.
				if (!subtype.isInterface() && this.hierarchy.mayBeInstantiated(subtype)) {
					BytecodeMethod override = resolveUpwards(subtype, call.getName(), call.getDescriptor());
					if (override != null) {
						targets.add(override);
					}
				}
			}
		}
		return new ArrayList<>(targets);
	}

	// The method a class inherits: its own, its superclasses', then default methods of interfaces.
	private BytecodeMethod resolveUpwards(BytecodeClass type, String name, String descriptor) {
		for (BytecodeClass current = type; current != null; current = this.hierarchy.analysed(current.getSuperName())) {
			BytecodeMethod method = current.getMethod(name, descriptor);
			if (method != null && method.hasCode()) {
				return method;
			}
			if (current.getSuperName() == null) {
				break;
			}
		}
		List<BytecodeClass> pending = new ArrayList<>();
		pending.add(type);
		Set<BytecodeClass> seen = new LinkedHashSet<>();
		while (!pending.isEmpty()) {
			BytecodeClass current = pending.remove(0);
			if (!seen.add(current)) {
				continue;
			}
			if (current.isInterface()) {
				BytecodeMethod method = current.getMethod(name, descriptor);
				if (method != null && method.hasCode()) {
					return method;
				}
			}
			for (String implemented : current.getInterfaces()) {
				BytecodeClass analysedInterface = this.hierarchy.analysed(implemented);
				if (analysedInterface != null) {
					pending.add(analysedInterface);
				}
			}
			BytecodeClass superclass = (current.getSuperName() != null) ? this.hierarchy.analysed(current.getSuperName())
					: null;
			if (superclass != null) {
				pending.add(superclass);
			}
		}
		return null;
	}

}
