package io.github.vtstarter.archunit;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.github.vtstarter.archunit.bytecode.BytecodeMethod;
import io.github.vtstarter.archunit.bytecode.CallSite;
import io.github.vtstarter.archunit.bytecode.ParameterGuard;
import io.github.vtstarter.archunit.bytecode.TrueCheck;
import io.github.vtstarter.archunit.bytecode.TypeHierarchy;
import io.github.vtstarter.archunit.bytecode.TypeSet;

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
 * elsewhere. A call whose method's {@code int}-like arguments are constants (or parameters the
 * caller was itself given constants for) skips, in that method, the calls in branches those
 * constants rule out ({@link ParameterGuard}): a factory called with {@code CONCUR_READ_ONLY}
 * never builds the updatable result set of its other branch. The search is bounded by a number of
 * calls and memoised per method, receiver, the constants the method's branches or calls use, and
 * remaining depth, so recursion and re-entrant calls terminate and every method is explored once
 * per depth.
 */
final class BlockingCallFinder {

	private static final BlockingCallChain NONE = new BlockingCallChain(null, null, null);

	private static final BlockingCall NOT_BLOCKING = BlockingCall.of("none", "none");

	private static final String OBJECT = "java.lang.Object";

	private static final java.util.Set<String> IN_MEMORY_DECORATORS = java.util.Set.of("java/io/ObjectInputStream",
			"java/io/ObjectOutputStream", "java/io/DataInputStream", "java/io/DataOutputStream",
			"java/io/BufferedInputStream", "java/io/BufferedOutputStream", "java/io/InputStreamReader",
			"java/io/OutputStreamWriter", "java/io/BufferedReader", "java/io/BufferedWriter", "java/io/LineNumberReader", "java/io/PushbackReader",
			"java/io/PushbackInputStream", "java/io/PrintWriter",
			"java/io/PrintStream", "java/util/zip/GZIPInputStream", "java/util/zip/GZIPOutputStream",
			"java/util/zip/InflaterInputStream", "java/util/zip/DeflaterOutputStream");

	private static final java.util.Set<String> OBJECT_WAIT_DESCRIPTORS = java.util.Set.of("()V", "(J)V", "(JI)V");

	private final TypeHierarchy hierarchy;

	private final BlockingCallCatalogue catalogue;

	private final Map<String, BlockingCall> blockingByOwnerAndName = new HashMap<>();

	private final Map<String, Boolean> exemptCalls = new HashMap<>();

	// Per method and, for methods whose calls depend on their receiver or on constant arguments,
	// per receiver and constants: the shortest chain for each number of calls left.
	private final Map<BytecodeMethod, Map<String, BlockingCallChain[]>> chainsByMethod = new HashMap<>();

	// Per method, the parameters whose value its calls depend on: a guard tests them, a call passes
	// them on, or a call is made on them.
	private final Map<BytecodeMethod, Set<Integer>> parametersUsed = new HashMap<>();

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
		return find(call, this.hierarchy.constructedAs(call.getCaller()), Map.of(), this.maxDepth);
	}

	/**
	 * The analysed methods a call may run, whatever object its caller runs for.
	 * @param call the call
	 * @return the methods with code the call resolves to
	 */
	List<BytecodeMethod> targetsOf(CallSite call) {
		List<BytecodeMethod> result = new ArrayList<>();
		for (TypeHierarchy.Target target : this.hierarchy.targets(call, null)) {
			result.add(target.method());
		}
		return result;
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

	// Whether the entry's check returned true on the call's receiver before, called on the entry's type (a
	// Future's isDone(), not another type's method of that name).
	private boolean returnsAtOnce(BlockingCall entry, CallSite call) {
		if (entry.getReadyCheck() == null) {
			return false;
		}
		for (TrueCheck check : call.getTrueChecks()) {
			if (check.name().equals(entry.getReadyCheck())
					&& this.hierarchy.supertypesOf(check.owner()).contains(entry.getTypeName())) {
				return true;
			}
		}
		return false;
	}

	// The catalogue matches a call by its declared owner. The objects it can be made on may say
	// more: when every class they may have is exempt (an in-memory stream created in view, a
	// library's own in-memory implementation), or they are always results the catalogue knows to
	// live in memory, the call does not block.
	private boolean exemptForEveryReceiver(CallSite call, TypeSet self) {
		if (this.catalogue.hasInMemoryResults() && this.hierarchy.receiverIsResultOf(call,
				(producer) -> this.catalogue.returnsInMemory(this.hierarchy.supertypesOf(producer.getOwnerInternalName()),
						producer.getName()))) {
			return true;
		}
		TypeSet receivers = this.hierarchy.receiverTypes(call, self);
		if (receivers == null || receivers.isEmpty()) {
			return false;
		}
		for (String type : receivers.getExact()) {
			if (this.catalogue.find(this.hierarchy.supertypesOf(type), call.getName()) != null) {
				return false;
			}
		}
		for (List<String> bounds : receivers.getCones()) {
			Set<String> supertypes = new HashSet<>();
			for (String bound : bounds) {
				supertypes.addAll(this.hierarchy.supertypesOf(bound));
			}
			if (this.catalogue.find(supertypes, call.getName()) != null) {
				return false;
			}
		}
		return true;
	}

	// An exempt call does not block, and the analysis does not look into what it runs either: a
	// library's non-blocking channel reads the JDK channel underneath in non-blocking mode.
	private boolean isExempt(CallSite call) {
		if (call.getOwnerInternalName().startsWith("[") || !this.catalogue.hasExemptions()) {
			return false;
		}
		return this.exemptCalls.computeIfAbsent(call.getOwnerInternalName() + "." + call.getName(),
				(key) -> this.catalogue.isExempt(this.hierarchy.supertypesOf(call.getOwnerInternalName()), call.getName()));
	}

	private BlockingCallChain find(CallSite call, TypeSet self, Map<Integer, Object> constants, int callsLeft) {
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
		if (entry != null && returnsAtOnce(entry, call)) {
			// future.get() after future.isDone() returned true: the result is there.
			return null;
		}
		if (entry != null) {
			return exemptForEveryReceiver(call, self) ? null : new BlockingCallChain(call, null, entry);
		}
		if (callsLeft <= 1 || isExempt(call)) {
			return null;
		}
		BlockingCallChain shortest = null;
		boolean ownHierarchy = false;
		Map<Integer, Object> arguments = call.constantArguments(constants, this.hierarchy);
		for (TypeHierarchy.Target target : this.hierarchy.targets(call, self, constants)) {
			BlockingCallChain chain = findIn(target.method(), target.receiver(),
					this.hierarchy.withTestedTypes(call, target.method(), arguments), callsLeft - 1);
			if (chain == null) {
				continue;
			}
			// Of equally short chains, one through the caller's own class hierarchy: an object most
			// often hands itself to the helpers that call back into it (a registry and its bindings).
			boolean own = this.hierarchy.related(target.method().getOwner(), call.getCaller().getOwner());
			if (shortest == null || chain.length() + 1 < shortest.length()
					|| (chain.length() + 1 == shortest.length() && own && !ownHierarchy)) {
				shortest = chain.prependedWith(call);
				ownHierarchy = own;
			}
		}
		return shortest;
	}

	private BlockingCallChain findIn(BytecodeMethod method, TypeSet self, Map<Integer, Object> arguments,
			int callsLeft) {
		// What a method reaches depends on its receiver only through the calls it makes on it, and
		// on its arguments only through the guards of its calls and what they pass on.
		TypeSet receiver = method.usesThis() ? self : null;
		Map<Integer, Object> constants = used(method, arguments);
		String key = ((receiver != null) ? receiver.key() : "") + (constants.isEmpty() ? "" : constants);
		BlockingCallChain[] memo = this.chainsByMethod.computeIfAbsent(method, (m) -> new HashMap<>(2))
			.computeIfAbsent(key, (k) -> new BlockingCallChain[this.maxDepth + 1]);
		BlockingCallChain known = memo[callsLeft];
		if (known != null) {
			return (known != NONE) ? known : null;
		}
		BlockingCallChain shortest = null;
		for (CallSite call : method.getCalls()) {
			if (!ParameterGuard.allHold(call.getGuards(), constants, this.hierarchy)) {
				// In a branch the constants the method was called with rule out.
				continue;
			}
			BlockingCallChain chain = find(call, receiver, constants, callsLeft);
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

	// The constants among the arguments that the method's calls depend on, in a stable order for the memo's key.
	private Map<Integer, Object> used(BytecodeMethod method, Map<Integer, Object> arguments) {
		if (arguments.isEmpty()) {
			return Map.of();
		}
		Set<Integer> used = this.parametersUsed.computeIfAbsent(method, (m) -> {
			Set<Integer> parameters = new HashSet<>();
			for (CallSite call : m.getCalls()) {
				for (ParameterGuard guard : call.getGuards()) {
					parameters.add(guard.parameter());
				}
				parameters.addAll(call.passedOn());
				if (call.isVirtual() && call.getReceiverParameter() >= 0) {
					parameters.add(call.getReceiverParameter());
				}
			}
			return parameters;
		});
		Map<Integer, Object> constants = new TreeMap<>();
		arguments.forEach((parameter, value) -> {
			if (used.contains(parameter)) {
				constants.put(parameter, value);
			}
		});
		return constants;
	}

}
