package io.github.vtstarter.archunit;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.function.Predicate;

import io.github.vtstarter.archunit.bytecode.BytecodeClass;
import io.github.vtstarter.archunit.bytecode.BytecodeMethod;
import io.github.vtstarter.archunit.bytecode.CallSite;
import io.github.vtstarter.archunit.bytecode.ClassFileLocator;
import io.github.vtstarter.archunit.bytecode.ClassFileParser;
import io.github.vtstarter.archunit.bytecode.TypeHierarchy;

import com.tngtech.archunit.core.domain.JavaClass;

/**
 * Runs the whole analysis over a set of imported classes: reads their class files, finds the
 * calls made under monitors and the blocking calls they lead to.
 */
final class MonitorAnalysis {

	private static final Map<JavaClass, BytecodeClass> PARSED = new WeakHashMap<>();

	private final BlockingCallCatalogue catalogue;

	private final int maxDepth;

	private final RuleKind kind;

	private final boolean reportCallsOutsideKnownRegions;

	/**
	 * Creates an analysis.
	 * @param catalogue the blocking calls
	 * @param maxDepth the maximum number of calls from a monitor region to a blocking call
	 * @param kind what to look for; for {@code Object.wait()}, which can only run under a monitor, a
	 * blocking call that no analysed region reaches is reported too; for class initializers the
	 * calls of {@code <clinit>} are followed instead of those made under monitors
	 */
	MonitorAnalysis(BlockingCallCatalogue catalogue, int maxDepth, RuleKind kind) {
		this.catalogue = catalogue;
		this.maxDepth = maxDepth;
		this.kind = kind;
		this.reportCallsOutsideKnownRegions = (kind == RuleKind.OBJECT_WAIT);
	}

	/**
	 * Analyses the classes.
	 * @param classes the imported classes; all of them are followed when resolving calls
	 * @param inScope the classes whose monitors are checked
	 * @return the violation messages by class name, each class's messages in a stable order
	 */
	Map<String, Set<String>> analyse(Collection<JavaClass> classes, Predicate<JavaClass> inScope) {
		ClassFileLocator locator = ClassFileLocator.forCurrentThread();
		Map<String, BytecodeClass> parsed = new LinkedHashMap<>();
		Set<String> checked = new HashSet<>();
		for (JavaClass javaClass : classes) {
			if (javaClass.isArray() || javaClass.isPrimitive()) {
				continue;
			}
			BytecodeClass bytecode = parse(javaClass, locator);
			if (bytecode != null) {
				parsed.put(bytecode.getInternalName(), bytecode);
				if (inScope.test(javaClass)) {
					checked.add(bytecode.getInternalName());
				}
			}
		}
		return analyse(parsed, checked, locator);
	}

	/**
	 * Analyses parsed class files, without an ArchUnit import (the class path audit).
	 * @param parsed the classes by internal name; all of them are followed when resolving calls
	 * @param checked internal names of the classes whose monitors are checked
	 * @param locator finds supertypes that are not analysed
	 * @return the violation messages by class name
	 */
	Map<String, Set<String>> analyse(Map<String, BytecodeClass> parsed, Set<String> checked, ClassFileLocator locator) {
		TypeHierarchy hierarchy = new TypeHierarchy(parsed, locator);
		BlockingCallFinder finder = new BlockingCallFinder(hierarchy, this.catalogue, this.maxDepth);
		Map<String, Set<String>> messages = new HashMap<>();
		if (this.kind == RuleKind.STATIC_INITIALIZER) {
			reportStaticInitializers(parsed, checked, finder, messages);
			return messages;
		}
		Deque<BytecodeMethod> reachedFromRegions = new ArrayDeque<>();
		for (Map.Entry<String, BytecodeClass> entry : parsed.entrySet()) {
			boolean reported = checked.contains(entry.getKey());
			for (BytecodeMethod method : parsed.get(entry.getKey()).getMethods()) {
				for (CallSite call : method.getCalls()) {
					if (call.getRegion() == null) {
						continue;
					}
					BlockingCallChain chain = reported ? finder.find(call) : null;
					if (chain != null) {
						add(messages, PinningViolation.inRegion(call.getRegion(), chain, this.kind));
					}
					// Monitors of ignored classes are known too: a wait() they reach is theirs.
					if (this.reportCallsOutsideKnownRegions) {
						reachedFromRegions.addAll(finder.targetsOf(call));
					}
				}
			}
		}
		if (this.reportCallsOutsideKnownRegions) {
			reportCallsOutsideKnownRegions(parsed, checked, finder, reachedFromRegions, messages);
		}
		return messages;
	}

	// Parsed class files are immutable and do not depend on the rule, so every rule evaluated on the
	// same import (ArchUnit's JUnit support caches imports) reads each class file only once. Weak
	// keys: the cache goes away with the import.
	private static BytecodeClass parse(JavaClass javaClass, ClassFileLocator locator) {
		synchronized (PARSED) {
			BytecodeClass cached = PARSED.get(javaClass);
			if (cached != null) {
				return cached;
			}
		}
		byte[] classFile = locator.read(javaClass);
		if (classFile == null) {
			return null;
		}
		BytecodeClass bytecode = ClassFileParser.parse(classFile);
		synchronized (PARSED) {
			PARSED.put(javaClass, bytecode);
		}
		return bytecode;
	}

	// A blocking call in a method that holds no monitor itself and that no analysed region reaches
	// (within the maximum depth) is reported where it is made.
	private void reportCallsOutsideKnownRegions(Map<String, BytecodeClass> parsed, Set<String> checked,
			BlockingCallFinder finder, Deque<BytecodeMethod> reachedFromRegions, Map<String, Set<String>> messages) {
		Set<BytecodeMethod> reached = reachable(finder, reachedFromRegions);
		for (Map.Entry<String, BytecodeClass> entry : parsed.entrySet()) {
			if (!checked.contains(entry.getKey())) {
				continue;
			}
			for (BytecodeMethod method : parsed.get(entry.getKey()).getMethods()) {
				if (reached.contains(method)) {
					continue;
				}
				for (CallSite call : method.getCalls()) {
					BlockingCall blockingCall = (call.getRegion() == null) ? finder.blockingEntryOf(call) : null;
					if (blockingCall != null) {
						add(messages, PinningViolation.outsideKnownRegion(call, blockingCall, this.kind));
					}
				}
			}
		}
	}

	// Every call of a class initializer, monitor or not: the JVM runs <clinit> in a native frame, so
	// a virtual thread blocked anywhere below it cannot unmount, on any Java.
	private void reportStaticInitializers(Map<String, BytecodeClass> parsed, Set<String> checked,
			BlockingCallFinder finder, Map<String, Set<String>> messages) {
		for (Map.Entry<String, BytecodeClass> entry : parsed.entrySet()) {
			if (!checked.contains(entry.getKey())) {
				continue;
			}
			BytecodeMethod initializer = parsed.get(entry.getKey()).getMethod("<clinit>", "()V");
			if (initializer == null) {
				continue;
			}
			for (CallSite call : initializer.getCalls()) {
				BlockingCallChain chain = finder.find(call);
				if (chain != null) {
					add(messages, PinningViolation.inStaticInitializer(chain));
				}
			}
		}
	}

	private Set<BytecodeMethod> reachable(BlockingCallFinder finder, Deque<BytecodeMethod> starts) {
		Map<BytecodeMethod, Integer> depthByMethod = new HashMap<>();
		Deque<BytecodeMethod> pending = new ArrayDeque<>();
		for (BytecodeMethod start : starts) {
			if (depthByMethod.putIfAbsent(start, 2) == null) {
				pending.add(start);
			}
		}
		while (!pending.isEmpty()) {
			BytecodeMethod method = pending.poll();
			int depth = depthByMethod.get(method);
			if (depth >= this.maxDepth) {
				continue;
			}
			for (CallSite call : method.getCalls()) {
				for (BytecodeMethod target : finder.targetsOf(call)) {
					if (depthByMethod.putIfAbsent(target, depth + 1) == null) {
						pending.add(target);
					}
				}
			}
		}
		return new HashSet<>(depthByMethod.keySet());
	}

	private static void add(Map<String, Set<String>> messages, PinningViolation violation) {
		// A set: javac copies finally blocks onto every exit path, which would repeat a violation.
		messages.computeIfAbsent(violation.getOwner().getBinaryName(), (key) -> new LinkedHashSet<>())
			.add(violation.getMessage());
	}

}
