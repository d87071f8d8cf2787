package io.github.vtstarter.archunit.bytecode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The classes an object may have at run time: some known exactly (the object was created with
 * {@code new} in code the analysis saw), and cones, each standing for every class that extends or
 * implements all of its bounds (declared types, casts). A cone without bounds stands for anything.
 * <p>
 * Immutable; {@link #key()} is a canonical text, so that equal sets found along different paths
 * share what the analysis memoises per receiver.
 */
public final class TypeSet {

	static final TypeSet NONE = new TypeSet(Set.of(), Set.of());

	static final TypeSet ANY = new TypeSet(Set.of(), Set.of(List.of()));

	// Beyond this many cones a set is taken as one cone without bounds: whatever the call allows.
	private static final int MAX_CONES = 4;

	private final Set<String> exact;

	private final Set<List<String>> cones;

	private final String key;

	TypeSet(Set<String> exact, Set<List<String>> cones) {
		// Most sets the search builds hold one class or one cone: those need no sorting to be canonical.
		this.exact = (exact.size() <= 1) ? Set.copyOf(exact) : Collections.unmodifiableSet(new TreeSet<>(exact));
		if (cones.size() == 1) {
			List<String> cone = cones.iterator().next();
			this.cones = Set.of((cone.size() <= 1) ? List.copyOf(cone) : List.copyOf(new TreeSet<>(cone)));
		}
		else {
			TreeSet<List<String>> sorted = new TreeSet<>(TypeSet::compare);
			for (List<String> cone : cones) {
				sorted.add(List.copyOf(new TreeSet<>(cone)));
			}
			if (sorted.size() > MAX_CONES || sorted.contains(List.<String>of())) {
				sorted.clear();
				sorted.add(List.of());
			}
			this.cones = Collections.unmodifiableSet(sorted);
		}
		StringBuilder key = new StringBuilder();
		for (String type : this.exact) {
			key.append(type).append(';');
		}
		for (List<String> cone : this.cones) {
			key.append('<').append(String.join("&", cone)).append('>');
		}
		this.key = key.toString();
	}

	static TypeSet exactly(String className) {
		return new TypeSet(Set.of(className), Set.of());
	}

	static TypeSet cone(List<String> bounds) {
		return new TypeSet(Set.of(), Set.of(bounds));
	}

	/**
	 * Classes known exactly.
	 * @return internal names
	 */
	public Set<String> getExact() {
		return this.exact;
	}

	/**
	 * The cones, each a list of bounds (internal names) a class must extend or implement.
	 * @return the cones
	 */
	public Set<List<String>> getCones() {
		return this.cones;
	}

	public boolean isEmpty() {
		return this.exact.isEmpty() && this.cones.isEmpty();
	}

	TypeSet union(TypeSet other) {
		Set<String> exact = new TreeSet<>(this.exact);
		exact.addAll(other.exact);
		List<List<String>> cones = new ArrayList<>(this.cones);
		cones.addAll(other.cones);
		return new TypeSet(exact, Set.copyOf(cones));
	}

	/**
	 * A canonical text of the set, equal for equal sets.
	 * @return the key
	 */
	public String key() {
		return this.key;
	}

	private static int compare(List<String> first, List<String> second) {
		return String.join("&", first).compareTo(String.join("&", second));
	}

	@Override
	public String toString() {
		return "{" + this.key + "}";
	}

}
