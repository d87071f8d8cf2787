package io.github.vtstarter.archunit.bytecode;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import org.springframework.asm.Type;

/**
 * Supertypes and subtypes as far as they can be known without loading classes: analysed classes
 * from their parsed class files, everything else (JDK, libraries) from the headers of class files
 * on the class path. A type that is nowhere to be found has only itself and {@code Object} as
 * supertypes, which is why catalogue entries for absent libraries are harmless.
 */
public final class TypeHierarchy {

	private static final String OBJECT = "java/lang/Object";

	// Results of calls that depend on results of calls...: beyond this many open at once, anything.
	private static final int MAX_RESOLVING = 12;

	// A value in a cycle solved this many times without settling is taken as anything.
	private static final int MAX_ROUNDS = 4;

	// How many analysed methods returning another's result are followed to a producer of results.
	private static final int MAX_PRODUCER_DEPTH = 3;

	// The most classes an argument's exact types may count to be passed on as a constant (see constantOf).
	private static final int MAX_EXACT_ARGUMENT_TYPES = 2;

	private final Map<String, BytecodeClass> analysed;

	private final ClassFileLocator locator;

	private final Map<String, BytecodeClass> headers = new HashMap<>();

	private final Map<String, Set<String>> supertypes = new HashMap<>();

	private final Map<String, List<BytecodeClass>> directSubtypes = new HashMap<>();

	private final Map<String, Set<BytecodeClass>> subtypes = new HashMap<>();

	private final Set<String> instantiated = new HashSet<>();

	// Built on first use: what each field may hold, which classes' instances escape their creator.
	private Map<String, Value> fieldValues;

	// The fields (declaring class.name) that code other than their own object's constructors stores an object into.
	private Set<String> storedAfterConstruction;

	// Per method, the parameters it tests with instanceof, and the types it tests them against.
	private final Map<BytecodeMethod, Map<Integer, Set<String>>> instanceTested = new HashMap<>();

	// Per class, whether the headers of all its supertypes can be read.
	private final Map<String, Boolean> knownSupertypes = new HashMap<>();

	private Set<String> escaping;

	private final Map<Object, TypeSet> fieldTypes = new HashMap<>();

	private final Map<Object, TypeSet> resultTypes = new HashMap<>();

	private final List<Object> solving = new ArrayList<>();

	private final Map<Object, TypeSet> approximations = new HashMap<>();

	private final Map<Object, Tentative> tentatives = new HashMap<>();

	private final List<Object> tentativeOrder = new ArrayList<>();

	private int lowestReopened = Integer.MAX_VALUE;

	private final Map<String, List<Target>> anyReceiverTargets = new HashMap<>();

	// By field (owner.name): the methods called on it that returned before every constructor that set it returned.
	private final Map<String, Set<String>> returnedFromOnFields = new HashMap<>();

	private final Map<BytecodeMethod, java.util.Optional<TypeSet>> constructedAs = new HashMap<>();

	// By method, then class: see mayRun().
	private final Map<BytecodeMethod, Map<BytecodeClass, Boolean>> mayRun = new HashMap<>();

	// Built on first use: see superCallers().
	private Map<BytecodeMethod, Set<String>> superCallers;

	// Built on first use: the enum types some analysed switch switches on.
	private Set<String> switchedEnums;

	// Built on first use: the strings some analysed guard compares with, and the getters whose value it compares.
	private Set<String> comparedStrings;

	private Set<String> comparedGetters;

	private final Map<String, Boolean> carryingComparedStrings = new HashMap<>();

	// Built on first use: the analysed classes of each top-level class's nest, by the top level's name.
	private Map<String, List<BytecodeClass>> nests;

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

	/**
	 * A method a call can run, and what the object it runs for may be.
	 * @param method the method with code
	 * @param receiver the classes {@code this} may have while it runs; {@code null} when unknown or
	 * for static methods
	 */
	public record Target(BytecodeMethod method, TypeSet receiver) {
	}

	/**
	 * The analysed methods a call may run, the way the JVM dispatches it, restricted by what the
	 * receiver may be: a call on {@code this} goes only to the methods of the classes the running
	 * object may have; a call on an object created with {@code new} in view, or held in a field that
	 * only ever holds such objects, only to that class's method; any other virtual call to the
	 * method the owner inherits and to the overrides of classes that can have instances (rapid type
	 * analysis), where an anonymous or local class counts only if its instances leave the code that
	 * created them.
	 * @param call the call
	 * @param receiver the classes {@code this} may have in the calling method, {@code null} when
	 * unknown
	 * @return the methods and, for each, what its {@code this} may be
	 */
	public List<Target> targets(CallSite call, TypeSet receiver) {
		return targets(call, receiver, Map.of());
	}

	/**
	 * The analysed methods a call may run, as {@link #targets(CallSite, TypeSet)}, where a call on a
	 * parameter goes only to the methods of the classes the caller's constants say it has.
	 * @param call the call
	 * @param receiver the classes {@code this} may have in the calling method, {@code null} when
	 * unknown
	 * @param constants the calling method's constants (see {@link #constantOf})
	 * @return the methods and, for each, what its {@code this} may be
	 */
	public List<Target> targets(CallSite call, TypeSet receiver, Map<Integer, Object> constants) {
		BytecodeClass owner = this.analysed.get(call.getOwnerInternalName());
		if (owner == null) {
			return List.of();
		}
		Value object = forwarded(call.getReceiver());
		TypeSet passed = call.isVirtual() ? passedTypes(object, constants) : null;
		if (passed != null) {
			return virtualTargets(call, owner, restrict(passed, call.getOwnerInternalName()), Set.of());
		}
		// A parameter is whatever the call's owner allows, as ANY is (javac names the parameter's
		// declared type as the owner): the targets are the same for every such call, and kept.
		// The receiver itself, not what a field was forwarded to: the targets below come from it (its field's type,
		// the calls that returned on that field), which are this call's alone.
		boolean anyReceiver = call.isStatic() || call.getReceiver() == Value.ANY
				|| call.getReceiver().kind() == Value.Kind.PARAMETER;
		String anyKey = null;
		if (anyReceiver) {
			anyKey = (call.isVirtual() ? "v " : "s ") + call.getOwnerInternalName() + "." + call.getName()
					+ call.getDescriptor();
			List<Target> known = this.anyReceiverTargets.get(anyKey);
			if (known != null) {
				return known;
			}
		}
		List<Target> result;
		if (!call.isVirtual()) {
			BytecodeMethod method = resolve(owner, call.getName(), call.getDescriptor());
			if (method == null) {
				result = List.of();
			}
			else {
				TypeSet self = method.isStatic() ? null
						: restrict(typesOf(call.getReceiver(), receiver), method.getOwner().getInternalName());
				result = List.of(new Target(method, self));
			}
		}
		else {
			result = virtualTargets(call, owner,
					restrict(typesOf(call.getReceiver(), receiver), call.getOwnerInternalName()),
					returnedBefore(call));
		}
		if (anyKey != null) {
			this.anyReceiverTargets.put(anyKey, result);
		}
		return result;
	}

	/**
	 * What the object a call is made on may be.
	 * @param call the call
	 * @param receiver the classes {@code this} may have in the calling method, {@code null} when
	 * unknown
	 * @return the classes, narrowed to the call's owner; {@code null} for a static call
	 */
	public TypeSet receiverTypes(CallSite call, TypeSet receiver) {
		return call.isStatic() ? null : restrict(typesOf(call.getReceiver(), receiver), call.getOwnerInternalName());
	}

	/**
	 * Whether the object a call is made on is always the result of certain calls: held in a local
	 * variable, a field, or cast, but never anything else (except {@code null}). A call to analysed
	 * methods that only ever return such results (a factory method of the library wrapping one of
	 * these calls) counts too, up to {@value #MAX_PRODUCER_DEPTH} steps away.
	 * @param call the call
	 * @param producers the calls whose results count
	 * @return whether every value the receiver may be is such a result
	 */
	public boolean receiverIsResultOf(CallSite call, java.util.function.Predicate<CallSite> producers) {
		return !call.isStatic() && isResultOf(call.getReceiver(), producers, 0);
	}

	private boolean isResultOf(Value value, java.util.function.Predicate<CallSite> producers, int depth) {
		switch (value.kind()) {
			case RESULT:
				return producers.test(value.call())
						|| (depth < MAX_PRODUCER_DEPTH && returnsOnly(value.call(), producers, depth + 1));
			case CAST:
				return isResultOf(value.parts().get(0), producers, depth);
			case UNION:
				boolean any = false;
				for (Value part : value.parts()) {
					if (part.kind() != Value.Kind.NULL) {
						if (!isResultOf(part, producers, depth)) {
							return false;
						}
						any = true;
					}
				}
				return any;
			case FIELD:
				Value stored = fieldValues().get(declaringClassOf(value.type(), value.name()) + "." + value.name());
				return depth < 2 && stored != null && isResultOf(stored, producers, depth + 1);
			default:
				return false;
		}
	}

	// Whether every analysed method a call may run returns only results of the producers (one that
	// never returns has none to give).
	private boolean returnsOnly(CallSite call, java.util.function.Predicate<CallSite> producers, int depth) {
		List<Target> targets = targets(call, null);
		for (Target target : targets) {
			Value returned = target.method().getReturned();
			if ((returned == null) ? mayBeOverriddenUnseen(target) : !isResultOf(returned, producers, depth)) {
				return false;
			}
		}
		return !targets.isEmpty();
	}

	// A target that stands in for a class the analysis does not see (virtualTargets gives it the cone of
	// that class): the class may override the method with one that returns, whatever the method in view does.
	private boolean mayBeOverriddenUnseen(Target target) {
		return target.receiver() != null && target.receiver()
			.getCones()
			.stream()
			.anyMatch((bounds) -> bounds.size() == 1 && !this.analysed.containsKey(bounds.get(0)));
	}

	// The methods the object may run; returnedFrom: methods ("name(descriptor)") a call of which on
	// this object is known to have returned, so its class is none whose method never returns.
	private List<Target> virtualTargets(CallSite call, BytecodeClass owner, TypeSet receiver, Set<String> returnedFrom) {
		Map<BytecodeMethod, TypeSet> targets = new LinkedHashMap<>();
		// On this, the running object is of a class whose call of the running method runs it.
		BytecodeMethod running = isThis(call.getReceiver()) ? call.getCaller() : null;
		for (List<String> bounds : receiver.getCones()) {
			BytecodeClass declaring = mostSpecificClass(bounds, owner);
			BytecodeMethod inherited = resolve(declaring, call.getName(), call.getDescriptor());
			// Many classes of a cone inherit the same method, whose receiver is the same cone.
			Set<BytecodeMethod> added = new HashSet<>();
			if (inherited != null) {
				add(targets, inherited, coneWith(bounds, inherited));
				added.add(inherited);
			}
			for (BytecodeClass candidate : instancesOf(bounds)) {
				if (neverReturnsFromOneOf(candidate, returnedFrom) || (running != null && !mayRun(candidate, running))) {
					continue;
				}
				BytecodeMethod override = resolve(candidate, call.getName(), call.getDescriptor());
				if (override != null && added.add(override)) {
					add(targets, override, coneWith(bounds, override));
				}
			}
		}
		for (String exact : receiver.getExact()) {
			BytecodeClass type = this.analysed.get(exact);
			if (type == null) {
				// A class the analysis does not see may override anything: the owner's method runs or
				// an override no analysed class has.
				BytecodeMethod inherited = resolve(owner, call.getName(), call.getDescriptor());
				if (inherited != null) {
					add(targets, inherited, TypeSet.cone(List.of(exact)));
				}
				continue;
			}
			BytecodeMethod method = resolve(type, call.getName(), call.getDescriptor());
			if (method != null && !neverReturnsFromOneOf(type, returnedFrom) && (running == null || mayRun(type, running))) {
				add(targets, method, TypeSet.exactly(exact));
			}
		}
		List<Target> result = new ArrayList<>(targets.size());
		targets.forEach((method, self) -> result.add(new Target(method, self)));
		return result;
	}

	private static boolean isThis(Value value) {
		return value.withoutCasts().kind() == Value.Kind.THIS;
	}

	/**
	 * Whether an object of the class may run the method as its own: the class inherits it rather
	 * than override it, or it or a superclass calls it through {@code super}. In H2's
	 * {@code FileBase.read(ByteBuffer, long)}, {@code this} is never a {@code FileRetryOnInterrupt},
	 * which overrides that method without calling it, so its {@code this.position()} never runs that
	 * class's {@code position()}.
	 * @param type an analysed class
	 * @param method an analysed method
	 * @return whether a call of the method on an object of the class may run it
	 */
	boolean mayRun(BytecodeClass type, BytecodeMethod method) {
		// Asked for each candidate class of each call on this: once per pair is enough.
		return this.mayRun.computeIfAbsent(method, (key) -> new HashMap<>())
			.computeIfAbsent(type, (key) -> runs(type, method));
	}

	private boolean runs(BytecodeClass type, BytecodeMethod method) {
		if (method.isStatic() || method.isPrivate() || method.getName().startsWith("<")
				|| !isSubtype(type.getInternalName(), method.getOwner().getInternalName())
				|| resolve(type, method.getName(), method.getDescriptor()) == method) {
			return true;
		}
		for (String caller : superCallers().getOrDefault(method, Set.of())) {
			if (isSubtype(type.getInternalName(), caller)) {
				return true;
			}
		}
		return false;
	}

	// By method, the classes that call it through super (an invokespecial that resolves to it from a subclass).
	private Map<BytecodeMethod, Set<String>> superCallers() {
		if (this.superCallers == null) {
			Map<BytecodeMethod, Set<String>> callers = new HashMap<>();
			for (BytecodeClass type : this.analysed.values()) {
				for (BytecodeMethod method : type.getMethods()) {
					for (CallSite call : method.getCalls()) {
						if (call.isVirtual() || call.isStatic() || call.getName().startsWith("<")) {
							continue;
						}
						BytecodeClass owner = this.analysed.get(call.getOwnerInternalName());
						BytecodeMethod target = (owner != null) ? resolve(owner, call.getName(), call.getDescriptor()) : null;
						if (target != null && target.getOwner() != type) {
							callers.computeIfAbsent(target, (key) -> new HashSet<>()).add(type.getInternalName());
						}
					}
				}
			}
			this.superCallers = callers;
		}
		return this.superCallers;
	}

	private boolean neverReturnsFromOneOf(BytecodeClass type, Set<String> methods) {
		for (String method : methods) {
			int descriptor = method.indexOf('(');
			BytecodeMethod resolved = resolve(type, method.substring(0, descriptor), method.substring(descriptor));
			if (resolved != null && !resolved.returnsNormally()) {
				return true;
			}
		}
		return false;
	}

	// What returned on the call's receiver before it: on a final field, what its constructors called; on a
	// field of this, also the call made on it right before.
	private Set<String> returnedBefore(CallSite call) {
		Set<String> onField = returnedFromOnField(call);
		if (call.getReturnedOnReceiver() == null) {
			return onField;
		}
		Set<String> result = new HashSet<>(onField);
		result.add(call.getReturnedOnReceiver());
		return result;
	}

	// An instance field read anywhere holds what every constructor of its class that set it left
	// there, and each of them returned: the calls they made on it returned too. H2's Database
	// calls meta.addIndex(...) right after it set meta, and a linked table's addIndex only throws,
	// so the metadata table is never a TableLink. (A final field: only constructors store it.)
	// Not in those constructors themselves, which may call other methods on it before; nor for a call
	// made after the constructor handed this on, whose code may read the field first (ValueFlow.OwnFields).
	private Set<String> returnedFromOnField(CallSite call) {
		Value receiver = call.getReceiver();
		if (receiver.kind() != Value.Kind.FIELD || receiver.number() == 1) {
			return Set.of();
		}
		String declaring = declaringClassOf(receiver.type(), receiver.name());
		if ("<init>".equals(call.getCaller().getName())
				&& declaring.equals(call.getCaller().getOwner().getInternalName())) {
			return Set.of();
		}
		String key = declaring + "." + receiver.name();
		return this.returnedFromOnFields.computeIfAbsent(key, (field) -> {
			BytecodeClass type = this.analysed.get(field.substring(0, field.lastIndexOf('.')));
			if (type == null || !type.declaresFinalField(receiver.name())) {
				return Set.of();
			}
			Set<String> result = null;
			for (BytecodeMethod constructor : type.getMethods()) {
				if (!"<init>".equals(constructor.getName()) || constructor.getConstructorStore(receiver.name()) == null) {
					// A constructor that sets it through this(...) runs one that does.
					continue;
				}
				Set<FieldCall> calls = constructor.getCallsOnFieldsBeforeReturn();
				if (calls == null) {
					// Never returns: no object comes out of it.
					continue;
				}
				Set<String> onField = new HashSet<>();
				for (FieldCall made : calls) {
					if (made.isOn(receiver.name())) {
						onField.add(made.method());
					}
				}
				if (result == null) {
					result = onField;
				}
				else {
					result.retainAll(onField);
				}
			}
			return (result != null) ? Set.copyOf(result) : Set.of();
		});
	}

	private static void add(Map<BytecodeMethod, TypeSet> targets, BytecodeMethod method, TypeSet self) {
		targets.merge(method, self, TypeSet::union);
	}

	private TypeSet coneWith(List<String> bounds, BytecodeMethod method) {
		List<String> withOwner = new ArrayList<>(bounds);
		withOwner.add(method.getOwner().getInternalName());
		return TypeSet.cone(normalized(withOwner));
	}

	// The class among the bounds that all others extend, to find the method the object inherits.
	private BytecodeClass mostSpecificClass(List<String> bounds, BytecodeClass owner) {
		BytecodeClass result = owner;
		for (String bound : bounds) {
			BytecodeClass type = this.analysed.get(bound);
			if (type != null && !type.isInterface() && isSubtype(bound, result.getInternalName())) {
				result = type;
			}
		}
		return result;
	}

	// The analysed classes whose instances may exist and that extend or implement every bound.
	private List<BytecodeClass> instancesOf(List<String> bounds) {
		String narrowest = null;
		int fewest = Integer.MAX_VALUE;
		for (String bound : bounds) {
			int count = analysedSubtypesOf(bound).size();
			if (count < fewest) {
				fewest = count;
				narrowest = bound;
			}
		}
		if (narrowest == null) {
			return List.of();
		}
		List<BytecodeClass> result = new ArrayList<>();
		BytecodeClass itself = this.analysed.get(narrowest);
		List<BytecodeClass> candidates = new ArrayList<>();
		if (itself != null) {
			candidates.add(itself);
		}
		candidates.addAll(analysedSubtypesOf(narrowest));
		for (BytecodeClass candidate : candidates) {
			if (candidate.isInterface() || !mayBeInstantiated(candidate)
					|| (candidate.isLocalOrAnonymous() && !escapes(candidate))) {
				continue;
			}
			boolean inAllBounds = true;
			for (String bound : bounds) {
				if (!bound.equals(narrowest) && !isSubtype(candidate.getInternalName(), bound)) {
					inAllBounds = false;
					break;
				}
			}
			if (inAllBounds) {
				result.add(candidate);
			}
		}
		return result;
	}

	/**
	 * The key javac's switch map gives an enum constant, from the initializer of the class that
	 * holds the map.
	 * @param switchMap the map's field, {@code owner.name}
	 * @param constant the enum constant, {@code owner.name}
	 * @return the key (0, javac's default branch, for a constant of the enum that has no case), or
	 * {@code null} when that is not known: the map's class is not analysed, or the field passed is
	 * not known to be one of the enum's constants (the enum is not analysed, or the field is an alias)
	 */
	public Integer switchKey(String switchMap, String constant) {
		BytecodeClass owner = this.analysed.get(Value.ownerOf(switchMap));
		if (owner == null || !owner.fillsSwitchMap(switchMap)) {
			return null;
		}
		Integer key = owner.switchKey(switchMap, constant);
		if (key != null) {
			return key;
		}
		String enumType = Value.ownerOf(constant);
		BytecodeClass type = this.analysed.get(enumType);
		return (type != null && type.declaresEnumConstant(constant.substring(enumType.length() + 1))) ? 0 : null;
	}

	/**
	 * Whether some analysed code switches on the enum an enum constant belongs to: only then can
	 * passing that constant rule a branch out.
	 * @param constant the enum constant, {@code owner.name}
	 * @return whether its type has a switch map among the analysed classes
	 */
	public boolean isSwitchedOn(String constant) {
		if (this.switchedEnums == null) {
			this.switchedEnums = unionOverAnalysed(BytecodeClass::switchedEnums);
		}
		return this.switchedEnums.contains(Value.ownerOf(constant));
	}

	/**
	 * What a caller's argument is, as far as the callee's guards can use it: an {@code int}, an enum
	 * constant that some switch or getter can tell apart, a string (one some guard compares with, or
	 * {@link Value#OTHER_STRING}: a log message must not make a context of its own), or an object
	 * constructed with such constants. For an object held in a field or created in view, the classes
	 * it may have, when they are few and exact ({@link TypeSet}): a call the callee makes on that
	 * parameter goes only to their methods (StandardWrapper passes its StandardWrapperFacade to
	 * {@code servlet.init(config)}, so {@code config.getInitParameterNames()} runs the facade's).
	 * @param argument what the caller's code passes
	 * @param callerConstants the caller's own constants, by parameter index
	 * @return the constant (see {@link ParameterGuard#allHold}), or {@code null} when none is known
	 */
	Object constantOf(Value argument, Map<Integer, Object> callerConstants) {
		switch (argument.kind()) {
			case INT:
				return argument.number();
			case STRING:
				return comparable(argument);
			case PARAMETER:
				return callerConstants.get(argument.number());
			case FIELD:
				Value stored = forwarded(argument);
				if (stored != argument) {
					return constantOf(stored, callerConstants);
				}
				String enumConstant = argument.enumConstant();
				if (enumConstant == null) {
					return exactTypesOf(argument);
				}
				return (isSwitchedOn(enumConstant) || carriesComparedStrings(Value.ownerOf(enumConstant))) ? enumConstant
						: null;
			case RESULT:
				if (!argument.isParameterProperty()) {
					return null;
				}
				CallSite getter = argument.call();
				Object property = propertyOf(callerConstants.get(getter.getReceiver().number()),
						getter.getName() + getter.getDescriptor());
				return (property instanceof Value) ? comparable((Value) property) : property;
			case NEW:
				Value constructed = (argument.descriptor() != null) ? constructedWith(argument, callerConstants) : null;
				return (constructed != null) ? constructed : TypeSet.exactly(argument.type());
			case CAST:
				return exactTypesOf(argument);
			default:
				return null;
		}
	}

	/**
	 * Whether an argument is never an instance of a type, by the classes the caller's constants say it has:
	 * none of them extends or implements it, and no subclass they may have can ({@code Class} is final, so a
	 * {@code Class} is never a {@code URL}).
	 * @param passed what the caller passed for the parameter (see {@link #constantOf})
	 * @param type internal name of the type tested
	 * @return whether no object the argument may be is an instance of the type
	 */
	boolean isNeverInstanceOf(Object passed, String type) {
		TypeSet types = (passed instanceof Value && ((Value) passed).kind() == Value.Kind.STRING)
				? TypeSet.exactly("java/lang/String") : typesPassed(passed);
		if (types == null || types.isEmpty()) {
			return false;
		}
		for (String exact : types.getExact()) {
			if (isSubtype(exact, type) || !hasKnownSupertypes(exact)) {
				return false;
			}
		}
		for (List<String> bounds : types.getCones()) {
			if (bounds.stream().noneMatch((bound) -> isDisjoint(bound, type))) {
				return false;
			}
		}
		return true;
	}

	// Whether no object is both a bound and a type: neither extends the other, and either one is a final class
	// (its only instances are its own), or both are classes (a class has one superclass line).
	private boolean isDisjoint(String bound, String type) {
		if (isSubtype(bound, type) || isSubtype(type, bound)) {
			return false;
		}
		if (!hasKnownSupertypes(bound) || !hasKnownSupertypes(type)) {
			// A supertype the analysis cannot read (or the class itself) may be where the two meet.
			return false;
		}
		BytecodeClass boundClass = header(bound);
		BytecodeClass typeClass = header(type);
		return (boundClass.isFinal() && !boundClass.isInterface()) || (typeClass.isFinal() && !typeClass.isInterface())
				|| (!boundClass.isInterface() && !typeClass.isInterface());
	}

	private boolean hasKnownSupertypes(String type) {
		return this.knownSupertypes.computeIfAbsent(type, this::readSupertypes);
	}

	private boolean readSupertypes(String type) {
		Deque<String> pending = new ArrayDeque<>(List.of(type));
		Set<String> seen = new HashSet<>();
		while (!pending.isEmpty()) {
			String current = pending.poll();
			if (seen.add(current)) {
				BytecodeClass header = header(current);
				if (header == null) {
					return false;
				}
				if (header.getSuperName() != null) {
					pending.add(header.getSuperName());
				}
				Collections.addAll(pending, header.getInterfaces());
			}
		}
		return true;
	}

	/**
	 * The arguments of a call as the callee's {@code instanceof} tests need them: where the caller's constants say
	 * nothing of a parameter the callee tests, what the argument is declared as ({@code Registry.findManagedBean}
	 * passes its {@code Class<?> beanClass} to {@code load(..., Object source, ...)}, which opens a URL only
	 * {@code if (source instanceof URL)}).
	 * @param call the call
	 * @param callee a method it may run
	 * @param arguments the constants it passes (see {@link CallSite#constantArguments})
	 * @return the constants, with the static types of the tested parameters they lacked
	 */
	public Map<Integer, Object> withTestedTypes(CallSite call, BytecodeMethod callee, Map<Integer, Object> arguments) {
		Map<Integer, Set<String>> tested = this.instanceTested.computeIfAbsent(callee, (method) -> {
			Map<Integer, Set<String>> parameters = new HashMap<>(0);
			for (CallSite made : method.getCalls()) {
				for (ParameterGuard guard : made.getGuards()) {
					if (guard.comparison() == ParameterGuard.Comparison.INSTANCE_OF) {
						parameters.computeIfAbsent(guard.parameter(), (parameter) -> new HashSet<>(2))
							.add((String) guard.value());
					}
				}
			}
			return parameters;
		});
		Map<Integer, Object> result = arguments;
		for (Map.Entry<Integer, Set<String>> parameter : tested.entrySet()) {
			int index = parameter.getKey();
			Value argument = (index < call.argumentCount()) ? call.argument(index) : null;
			TypeSet types = (argument != null && !arguments.containsKey(index)) ? staticTypesOf(argument) : null;
			// Only a type that rules a branch out: any other would only split the callee's memo
			// (equals(Object) tests its argument, and is called with every type there is).
			if (types != null && parameter.getValue().stream().anyMatch((type) -> isNeverInstanceOf(types, type))) {
				result = (result == arguments) ? new HashMap<>(arguments) : result;
				result.put(index, types);
			}
		}
		return result;
	}

	/**
	 * The classes a value may have by its static type alone: what a parameter, a field or a call's result is
	 * declared as, or the class of a new instance or a cast.
	 * @param value a value of the calling method
	 * @return the classes, or {@code null} when its type is not known
	 */
	private TypeSet staticTypesOf(Value value) {
		Type type;
		switch (value.kind()) {
			case NEW:
				return TypeSet.exactly(value.type());
			case STRING:
				return TypeSet.exactly("java/lang/String");
			case PARAMETER:
			case CAST:
				return (value.type() != null) ? TypeSet.cone(List.of(value.type())) : null;
			case FIELD:
				type = Type.getType(value.descriptor());
				break;
			case RESULT:
				type = Type.getReturnType(value.call().getDescriptor());
				break;
			case UNION:
				// A parameter set again, if (beanClass == null) beanClass = bean.getClass(): either.
				TypeSet union = TypeSet.NONE;
				for (Value part : value.parts()) {
					TypeSet types = (part.kind() == Value.Kind.NULL) ? TypeSet.NONE : staticTypesOf(part);
					if (types == null) {
						return null;
					}
					union = union.union(types);
				}
				return union;
			default:
				return null;
		}
		return (type.getSort() == Type.OBJECT) ? TypeSet.cone(List.of(type.getInternalName())) : null;
	}

	// The classes a parameter has, as the caller's constants say: a set of exact classes, or an
	// object constructed in view.
	private static TypeSet passedTypes(Value receiver, Map<Integer, Object> constants) {
		if (receiver.kind() != Value.Kind.PARAMETER) {
			return null;
		}
		return typesPassed(constants.get(receiver.number()));
	}

	// The classes a caller's constant for a parameter says it has: exact classes, or an object constructed in view.
	private static TypeSet typesPassed(Object passed) {
		if (passed instanceof Value && ((Value) passed).kind() == Value.Kind.NEW) {
			return TypeSet.exactly(((Value) passed).type());
		}
		return (passed instanceof TypeSet) ? (TypeSet) passed : null;
	}

	// At most MAX_EXACT_ARGUMENT_TYPES classes, every one exact: what a parameter passed it can be
	// told apart by; a wider set would only multiply contexts.
	private TypeSet exactTypesOf(Value argument) {
		TypeSet types = typesOf(argument, null);
		return (types.getCones().isEmpty() && !types.getExact().isEmpty()
				&& types.getExact().size() <= MAX_EXACT_ARGUMENT_TYPES) ? types : null;
	}

	// new X(args) with the arguments known to the guards, or null when no guard reads a getter of X:
	// only then can the arguments matter.
	private Value constructedWith(Value created, Map<Integer, Object> callerConstants) {
		if (!hasComparedGetter(created.type())) {
			return null;
		}
		List<Value> arguments = new ArrayList<>(created.parts().size());
		for (Value part : created.parts()) {
			Object constant = (part.kind() == Value.Kind.INT) ? null : constantOf(part, callerConstants);
			arguments.add((constant instanceof Value) ? (Value) constant
					: (constant instanceof String) ? enumValue((String) constant) : Value.ANY);
		}
		return Value.constructed(created.type(), created.descriptor(), arguments);
	}

	private static Value enumValue(String enumConstant) {
		String owner = Value.ownerOf(enumConstant);
		return Value.staticField(owner, enumConstant.substring(owner.length() + 1), "L" + owner + ";");
	}

	private boolean hasComparedGetter(String className) {
		if (this.comparedGetters == null) {
			this.comparedGetters = unionOverAnalysed(BytecodeClass::comparedGetters);
		}
		for (String getter : this.comparedGetters) {
			if (methodOfExactly(className, getter) != null) {
				return true;
			}
		}
		return false;
	}

	private Value comparable(Value string) {
		return isCompared(string) ? string : Value.OTHER_STRING;
	}

	private boolean isCompared(Value string) {
		if (this.comparedStrings == null) {
			this.comparedStrings = unionOverAnalysed(BytecodeClass::comparedStrings);
		}
		return string.kind() == Value.Kind.STRING && this.comparedStrings.contains(string.name());
	}

	// What every analysed class has of one kind (switched enums, compared strings or getters), together.
	private Set<String> unionOverAnalysed(Function<BytecodeClass, Set<String>> part) {
		Set<String> union = new HashSet<>();
		for (BytecodeClass type : this.analysed.values()) {
			union.addAll(part.apply(type));
		}
		return union;
	}

	// Whether one of an enum's constants was constructed with a string some guard compares with
	// (LifecycleState.STARTED carries "after_start"): then each of its constants tells that guard
	// something, the others that they are not it. A constant's own name, the first argument of every
	// enum constructor, does not count.
	private boolean carriesComparedStrings(String enumType) {
		return this.carryingComparedStrings.computeIfAbsent(enumType, (type) -> {
			BytecodeClass declaring = this.analysed.get(type);
			for (String name : (declaring != null) ? declaring.enumConstants() : Set.<String>of()) {
				Value created = fieldValues().get(type + "." + name);
				if (created != null && created.kind() == Value.Kind.NEW && !created.parts().isEmpty()) {
					for (Value part : created.parts().subList(1, created.parts().size())) {
						if (isCompared(part)) {
							return true;
						}
					}
				}
			}
			return false;
		});
	}

	/**
	 * What a getter returns for a constant object: the argument its constructor stored into the
	 * final field the getter returns. {@code new LifecycleEvent(this, "before_stop", null).getType()}
	 * is {@code "before_stop"}; {@code LifecycleState.STOPPING_PREP.getLifecycleEvent()} is what the
	 * enum's initializer constructed the constant with.
	 * @param constant an object constructed with constants, or an enum constant ({@code owner.name})
	 * @param getter the getter's name and descriptor
	 * @return the constant, or {@code null} when it is not known
	 */
	public Object propertyOf(Object constant, String getter) {
		Value object = (constant instanceof Value) ? (Value) constant
				: (constant instanceof String) ? fieldValues().get(constant) : null;
		if (object == null || object.kind() != Value.Kind.NEW || object.descriptor() == null) {
			return null;
		}
		BytecodeMethod method = methodOfExactly(object.type(), getter);
		Value returned = (method != null) ? method.getReturned() : null;
		if (returned == null || returned.kind() != Value.Kind.FIELD || returned.number() != 2
				|| !object.type().equals(declaringClassOf(returned.type(), returned.name()))) {
			// Not a getter of a field the object's own constructor sets.
			return null;
		}
		BytecodeClass type = this.analysed.get(object.type());
		BytecodeMethod constructor = type.getMethod("<init>", object.descriptor());
		Value stored = (constructor != null && type.declaresFinalField(returned.name()))
				? constructor.getConstructorStore(returned.name()) : null;
		if (stored == null) {
			return null;
		}
		Value value = (stored.kind() == Value.Kind.PARAMETER) ? object.parts().get(stored.number()) : stored;
		return constantOf(value, Map.of());
	}

	// The method an object of exactly this class runs for a name and descriptor: its own, or the
	// nearest superclass's.
	private BytecodeMethod methodOfExactly(String className, String nameAndDescriptor) {
		int parameters = nameAndDescriptor.indexOf('(');
		String name = nameAndDescriptor.substring(0, parameters);
		String descriptor = nameAndDescriptor.substring(parameters);
		for (BytecodeClass type = this.analysed.get(className); type != null; type = (type.getSuperName() != null)
				? this.analysed.get(type.getSuperName()) : null) {
			BytecodeMethod method = type.getMethod(name, descriptor);
			if (method != null) {
				return method.hasCode() ? method : null;
			}
		}
		return null;
	}

	/**
	 * What {@code this} may be while a constructor runs, or a private method that only the
	 * constructors of its own class call on their object: the class itself and those of its
	 * subclasses whose constructors run one of these constructors, through {@code super(...)} and
	 * {@code this(...)}. Connector/J's {@code ClientPreparedStatement} prepares a query in a
	 * helper of the constructors that take one; {@code ServerPreparedStatement}'s constructor calls
	 * {@code super(conn, db)}, which never runs it, so in that helper {@code this} is never a server
	 * statement.
	 * @param method a method
	 * @return the classes, or {@code null} when they are the method's class and all its subclasses
	 */
	public TypeSet constructedAs(BytecodeMethod method) {
		java.util.Optional<TypeSet> known = this.constructedAs.get(method);
		if (known == null) {
			known = java.util.Optional.ofNullable(findConstructedAs(method));
			this.constructedAs.put(method, known);
		}
		return known.orElse(null);
	}

	private TypeSet findConstructedAs(BytecodeMethod method) {
		BytecodeClass owner = method.getOwner();
		Set<String> constructors = new HashSet<>();
		if (method.isStatic() || owner.isInterface()) {
			return null;
		}
		if ("<init>".equals(method.getName())) {
			constructors.add(method.getDescriptor());
		}
		else if (!method.isPrivate() || !calledOnlyByOwnConstructors(method, constructors)) {
			return null;
		}
		// The class itself stands for it and for subclasses outside the analysis, as a cone would.
		Set<String> exact = new LinkedHashSet<>();
		exact.add(owner.getInternalName());
		boolean narrowed = false;
		Map<BytecodeClass, Set<String>> running = new HashMap<>();
		running.put(owner, constructorsRunning(owner, null, Set.of(), constructors));
		Deque<BytecodeClass> pending = new ArrayDeque<>();
		pending.add(owner);
		while (!pending.isEmpty()) {
			BytecodeClass parent = pending.poll();
			for (BytecodeClass subclass : this.directSubtypes.getOrDefault(parent.getInternalName(), List.of())) {
				if (subclass.isInterface() || !parent.getInternalName().equals(subclass.getSuperName())) {
					continue;
				}
				Set<String> parentRunning = running.get(parent);
				Set<String> subclassRunning = parentRunning.isEmpty() ? Set.of()
						: constructorsRunning(subclass, parent.getInternalName(), parentRunning, Set.of());
				running.put(subclass, subclassRunning);
				pending.add(subclass);
				if (!mayBeInstantiated(subclass) || (subclass.isLocalOrAnonymous() && !escapes(subclass))) {
					continue;
				}
				if (subclassRunning.isEmpty()) {
					narrowed = true;
				}
				else {
					exact.add(subclass.getInternalName());
				}
			}
		}
		return narrowed ? new TypeSet(exact, Set.of()) : null;
	}

	// Whether the private method is called, and only by constructors of its class on their own object
	// (collected into constructors), not by other code of its nest nor through a method reference.
	private boolean calledOnlyByOwnConstructors(BytecodeMethod method, Set<String> constructors) {
		BytecodeClass owner = method.getOwner();
		for (BytecodeClass type : nestOf(owner)) {
			if (type.referencesAsFunction(method)) {
				return false;
			}
			for (BytecodeMethod caller : type.getMethods()) {
				for (CallSite call : caller.getCalls()) {
					if (!call.getName().equals(method.getName()) || !call.getDescriptor().equals(method.getDescriptor())
							|| !call.getOwnerInternalName().equals(owner.getInternalName())) {
						continue;
					}
					if (type != owner || !"<init>".equals(caller.getName())
							|| call.getReceiver().kind() != Value.Kind.THIS) {
						return false;
					}
					constructors.add(caller.getDescriptor());
				}
			}
		}
		return !constructors.isEmpty();
	}

	// The constructors of a class that run one of the given ones: its own (seed), or its parent's
	// (parentRunning), directly or through this(...).
	private static Set<String> constructorsRunning(BytecodeClass type, String parent, Set<String> parentRunning,
			Set<String> seed) {
		Set<String> result = new HashSet<>(seed);
		boolean grown = true;
		while (grown) {
			grown = false;
			for (BytecodeMethod constructor : type.getMethods()) {
				if (!"<init>".equals(constructor.getName()) || result.contains(constructor.getDescriptor())) {
					continue;
				}
				for (CallSite call : constructor.getCalls()) {
					if (call.isVirtual() || !"<init>".equals(call.getName())
							|| call.getReceiver().kind() != Value.Kind.THIS) {
						continue;
					}
					String target = call.getOwnerInternalName();
					if ((target.equals(type.getInternalName()) && result.contains(call.getDescriptor()))
							|| (target.equals(parent) && parentRunning.contains(call.getDescriptor()))) {
						result.add(constructor.getDescriptor());
						grown = true;
						break;
					}
				}
			}
		}
		return result;
	}

	// A private method can be called by the classes nested in the same top-level class.
	private List<BytecodeClass> nestOf(BytecodeClass type) {
		if (this.nests == null) {
			this.nests = new HashMap<>();
			for (BytecodeClass analysedType : this.analysed.values()) {
				this.nests.computeIfAbsent(topLevelOf(analysedType.getInternalName()), (key) -> new ArrayList<>())
					.add(analysedType);
			}
		}
		return this.nests.getOrDefault(topLevelOf(type.getInternalName()), List.of());
	}

	private static String topLevelOf(String internalName) {
		int nested = internalName.indexOf('$', internalName.lastIndexOf('/') + 1);
		return (nested > 0) ? internalName.substring(0, nested) : internalName;
	}

	/**
	 * What a value may be at run time.
	 * @param value the value
	 * @param self what {@code this} may be where the value is used; {@code null} when unknown
	 * @return the classes
	 */
	TypeSet typesOf(Value value, TypeSet self) {
		switch (value.kind()) {
			case NULL:
				return TypeSet.NONE;
			case THIS:
				return (self != null) ? self : TypeSet.cone(List.of(value.type()));
			case NEW:
				return TypeSet.exactly(value.type());
			case PARAMETER:
				// Whatever its declared type allows: a cast then narrows it further,
				// ((Lifecycle) valve).start() is made on a Valve that is a Lifecycle.
				return (value.type() != null) ? TypeSet.cone(List.of(value.type())) : TypeSet.ANY;
			case CAST:
				return restrict(typesOf(value.parts().get(0), self), value.type());
			case UNION:
				TypeSet union = TypeSet.NONE;
				for (Value part : value.parts()) {
					union = union.union(typesOf(part, self));
				}
				return union;
			case FIELD:
				Value stored = forwarded(value);
				return declared((stored != value) ? typesOf(stored, self) : fieldTypes(value.type(), value.name()),
						Type.getType(value.descriptor()));
			case RESULT:
				return declared(resultTypes(value.call(), self), Type.getReturnType(value.call().getDescriptor()));
			default:
				return TypeSet.ANY;
		}
	}

	// A field's or result's declared type bounds what it may hold, which a later cast narrows
	// further: ((Lifecycle) getRealm()).start() is made on a Realm that is a Lifecycle.
	private TypeSet declared(TypeSet types, Type type) {
		return (type.getSort() == Type.OBJECT) ? restrict(types, type.getInternalName()) : types;
	}

	/**
	 * The set narrowed to classes that extend or implement a type.
	 * @param types the classes
	 * @param type internal name of the type
	 * @return the narrowed set
	 */
	TypeSet restrict(TypeSet types, String type) {
		if (within(types, type)) {
			return types;
		}
		Set<String> exact = new LinkedHashSet<>();
		for (String candidate : types.getExact()) {
			if (isSubtype(candidate, type)) {
				exact.add(candidate);
			}
		}
		Set<List<String>> cones = new LinkedHashSet<>();
		for (List<String> bounds : types.getCones()) {
			List<String> narrowed = new ArrayList<>(bounds);
			narrowed.add(type);
			cones.add(normalized(narrowed));
		}
		return new TypeSet(exact, cones);
	}

	// Whether every class of the set already extends or implements the type: each class known exactly, and
	// each cone through one of its bounds. Restricting such a set (most calls' receivers to the declared type
	// the call names) gives the same classes back.
	private boolean within(TypeSet types, String type) {
		for (String candidate : types.getExact()) {
			if (!isSubtype(candidate, type)) {
				return false;
			}
		}
		for (List<String> bounds : types.getCones()) {
			boolean implied = false;
			for (String bound : bounds) {
				if (isSubtype(bound, type)) {
					implied = true;
					break;
				}
			}
			if (!implied) {
				return false;
			}
		}
		return true;
	}

	// Drops the bounds that another bound already implies.
	private List<String> normalized(List<String> bounds) {
		List<String> result = new ArrayList<>();
		for (String bound : bounds) {
			if (result.contains(bound)) {
				continue;
			}
			boolean implied = false;
			for (String other : bounds) {
				if (!other.equals(bound) && isSubtype(other, bound)) {
					implied = true;
					break;
				}
			}
			if (!implied) {
				result.add(bound);
			}
		}
		return result;
	}

	/**
	 * Whether one class extends or implements the other.
	 * @param first a class
	 * @param second another class
	 * @return whether either is a subtype of the other
	 */
	public boolean related(BytecodeClass first, BytecodeClass second) {
		return isSubtype(first.getInternalName(), second.getInternalName())
				|| isSubtype(second.getInternalName(), first.getInternalName());
	}

	private boolean isSubtype(String type, String supertype) {
		return type.equals(supertype) || supertypesOf(type).contains(supertype.replace('/', '.'));
	}

	// What a field holds: the union of every value the analysed code stores into it. A field no
	// analysed code stores anything but null into is set elsewhere (reflection, deserialization).
	private TypeSet fieldTypes(String owner, String name) {
		String key = declaringClassOf(owner, name) + "." + name;
		return solve(key, this.fieldTypes, () -> {
			Value stored = fieldValues().get(key);
			return (stored == null || stored.kind() == Value.Kind.NULL) ? TypeSet.ANY : typesOf(stored, null);
		});
	}

	// What a call returns: the union of what the methods it may run return. A method that never
	// returns (every path throws: TableLink.addIndex, an unsupported operation) adds nothing.
	// A call on this returns what the methods of the classes the running object may have return:
	// H2's Session.readSessionState() prepares its query with this.prepareCommand(...), a
	// CommandRemote when the session is a SessionRemote.
	private TypeSet resultTypes(CallSite call, TypeSet self) {
		// this.m(), super.m() or a private method: the methods of the running object's classes run.
		boolean onThis = self != null && !call.isStatic() && call.getReceiver().mayBeThis();
		return solve(onThis ? new ResultOnThis(call, self.key()) : call, this.resultTypes, () -> {
			List<Target> targets = targets(call, onThis ? self : null);
			TypeSet result = targets.isEmpty() ? TypeSet.ANY : TypeSet.NONE;
			for (Target target : targets) {
				Value returned = target.method().getReturned();
				if (returned != null) {
					result = result.union(typesOf(returned, target.receiver()));
				}
				else if (mayBeOverriddenUnseen(target)) {
					return TypeSet.ANY;
				}
			}
			return result;
		});
	}

	// Fields and results depend on each other, recursively (a delegating method returns what its
	// delegate returns, which may be itself). Each is solved as the least fixed point of its
	// equation: a value met again while it is being solved contributes what is known of it so far
	// (nothing at first), and the value is solved again until it stops growing. What was solved on
	// the way from a value still open further up is kept as tentative while that one is open,
	// solved again in its next round, and kept for good once it settles. Deeper than
	// MAX_RESOLVING, anything.
	private TypeSet solve(Object key, Map<Object, TypeSet> solved, java.util.function.Supplier<TypeSet> equation) {
		TypeSet known = solved.get(key);
		if (known != null) {
			return known;
		}
		Tentative tentative = this.tentatives.get(key);
		if (tentative != null) {
			this.lowestReopened = Math.min(this.lowestReopened, tentative.lowest);
			return tentative.types;
		}
		int open = this.solving.indexOf(key);
		if (open >= 0) {
			this.lowestReopened = Math.min(this.lowestReopened, open);
			return this.approximations.get(key);
		}
		if (this.solving.size() >= MAX_RESOLVING) {
			return TypeSet.ANY;
		}
		int depth = this.solving.size();
		int outerLowest = this.lowestReopened;
		int firstTentative = this.tentativeOrder.size();
		this.solving.add(key);
		this.approximations.put(key, TypeSet.NONE);
		TypeSet result;
		int lowest;
		try {
			for (int round = 1;; round++) {
				discardTentatives(firstTentative);
				this.lowestReopened = Integer.MAX_VALUE;
				result = equation.get();
				lowest = this.lowestReopened;
				if (lowest != depth || result.key().equals(this.approximations.get(key).key())) {
					break;
				}
				if (round == MAX_ROUNDS) {
					result = TypeSet.ANY;
					lowest = Integer.MAX_VALUE;
					break;
				}
				this.approximations.put(key, result);
			}
			if (lowest >= depth) {
				solved.put(key, result);
				settleTentatives(firstTentative, depth);
			}
			else {
				this.tentatives.put(key, new Tentative(result, lowest, solved));
				this.tentativeOrder.add(key);
			}
		}
		finally {
			this.solving.remove(depth);
			this.approximations.remove(key);
		}
		this.lowestReopened = Math.min(outerLowest, (lowest < depth) ? lowest : Integer.MAX_VALUE);
		return result;
	}

	private void discardTentatives(int from) {
		while (this.tentativeOrder.size() > from) {
			this.tentatives.remove(this.tentativeOrder.remove(this.tentativeOrder.size() - 1));
		}
	}

	// Once the value at depth settled, what depended on it and on nothing open further up is solved.
	private void settleTentatives(int from, int depth) {
		List<Object> stillOpen = new ArrayList<>();
		for (Object key : this.tentativeOrder.subList(from, this.tentativeOrder.size())) {
			Tentative tentative = this.tentatives.remove(key);
			if (tentative.lowest >= depth) {
				tentative.solved.put(key, tentative.types);
			}
			else {
				this.tentatives.put(key, tentative);
				stillOpen.add(key);
			}
		}
		this.tentativeOrder.subList(from, this.tentativeOrder.size()).clear();
		this.tentativeOrder.addAll(stillOpen);
	}

	private record Tentative(TypeSet types, int lowest, Map<Object, TypeSet> solved) {
	}

	private record ResultOnThis(CallSite call, String self) {
	}

	private String declaringClassOf(String owner, String name) {
		for (BytecodeClass current = this.analysed.get(owner); current != null; current = this.analysed
			.get(current.getSuperName())) {
			if (current.declaresField(name)) {
				return current.getInternalName();
			}
			if (current.getSuperName() == null) {
				break;
			}
		}
		return owner;
	}

	private Map<String, Value> fieldValues() {
		if (this.fieldValues == null) {
			this.fieldValues = new HashMap<>();
			this.storedAfterConstruction = new HashSet<>();
			for (BytecodeClass type : this.analysed.values()) {
				for (FieldStore store : type.getFieldStores()) {
					String key = declaringClassOf(store.owner(), store.name()) + "." + store.name();
					this.fieldValues.merge(key, store.value(), TypeHierarchy::unionOfStores);
					if (!store.byOwnConstructor() && store.value().kind() != Value.Kind.NULL) {
						this.storedAfterConstruction.add(key);
					}
				}
			}
		}
		return this.fieldValues;
	}

	// A field the running constructor stored before it read it holds what it stored, if nothing but the
	// constructors of an object store an object into that field of it: a constructor runs once for an object, so
	// no call the constructor makes in between, and no other thread, can store another. (A store of null adds
	// no class; a call on null throws.) Otherwise the field holds whatever any store put there.
	private Value forwarded(Value value) {
		Value stored = value.storedHere();
		if (stored == null) {
			return value;
		}
		fieldValues();
		String declaring = declaringClassOf(value.type(), value.name());
		// A field of a class the analysis does not see may be stored by code it does not see, or under another
		// owner's name (b.f for a B outside the analysis): only a field whose declaration is in view is trusted.
		BytecodeClass declaringClass = this.analysed.get(declaring);
		boolean inView = declaringClass != null && declaringClass.declaresField(value.name());
		return (!inView || this.storedAfterConstruction.contains(declaring + "." + value.name())) ? value : stored;
	}

	// Field stores are escapes already (see ValueFlow), so collapsing many alternatives into ANY
	// loses no anonymous class.
	private static Value unionOfStores(Value first, Value second) {
		return Value.union(first, second);
	}

	private boolean escapes(BytecodeClass type) {
		if (this.escaping == null) {
			this.escaping = new HashSet<>();
			for (BytecodeClass analysedType : this.analysed.values()) {
				this.escaping.addAll(analysedType.getEscaping());
			}
		}
		return this.escaping.contains(type.getInternalName());
	}

	/**
	 * The method a class inherits: its own, its superclasses', then default methods of interfaces.
	 * @param type the class
	 * @param name the method's name
	 * @param descriptor the method's descriptor
	 * @return the method with code, or {@code null} if none of the analysed types has one
	 */
	public BytecodeMethod resolve(BytecodeClass type, String name, String descriptor) {
		for (BytecodeClass current = type; current != null; current = this.analysed.get(current.getSuperName())) {
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
				BytecodeClass analysedInterface = this.analysed.get(implemented);
				if (analysedInterface != null) {
					pending.add(analysedInterface);
				}
			}
			BytecodeClass superclass = (current.getSuperName() != null) ? this.analysed.get(current.getSuperName()) : null;
			if (superclass != null) {
				pending.add(superclass);
			}
		}
		return null;
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
