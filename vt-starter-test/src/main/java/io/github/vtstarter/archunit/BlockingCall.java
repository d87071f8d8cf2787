package io.github.vtstarter.archunit;

import java.util.Objects;

/**
 * One entry of a {@link BlockingCallCatalogue}: the methods of a type (and of all its subtypes)
 * whose name matches a pattern.
 * <p>
 * Types are named, not loaded: an entry for a library that is not on the classpath simply never
 * matches, so the catalogue can name JDBC, Redis or Reactor types without depending on them.
 * Names use the binary form ArchUnit uses ({@code java.util.Map$Entry} for nested types). A method
 * pattern is a method name in which {@code *} stands for any run of characters ({@code read*},
 * {@code *}); {@code <init>} names a constructor.
 *
 * @see BlockingCallCatalogue
 */
public final class BlockingCall {

	private final String typeName;

	private final String methodNamePattern;

	private final String reason;

	private final String readyCheck;

	private BlockingCall(String typeName, String methodNamePattern) {
		this(typeName, methodNamePattern, "", null);
	}

	private BlockingCall(String typeName, String methodNamePattern, String reason, String readyCheck) {
		if (typeName == null || typeName.isBlank() || typeName.indexOf('/') >= 0) {
			throw new IllegalArgumentException("A binary type name such as java.io.InputStream is required, not '" + typeName + "'");
		}
		if (methodNamePattern == null || methodNamePattern.isBlank()) {
			throw new IllegalArgumentException("A method name pattern such as read* is required for " + typeName);
		}
		this.typeName = typeName;
		this.methodNamePattern = methodNamePattern;
		this.reason = reason;
		this.readyCheck = readyCheck;
	}

	/**
	 * Methods of the named type and its subtypes whose names match the pattern.
	 * @param typeName binary name of the declaring type, e.g. {@code com.acme.LegacyClient}
	 * @param methodNamePattern method name, {@code *} matching any characters
	 * @return the entry
	 */
	public static BlockingCall of(String typeName, String methodNamePattern) {
		return new BlockingCall(typeName, methodNamePattern);
	}

	/**
	 * Methods of the given type and its subtypes whose names match the pattern.
	 * @param type the declaring type
	 * @param methodNamePattern method name, {@code *} matching any characters
	 * @return the entry
	 */
	public static BlockingCall of(Class<?> type, String methodNamePattern) {
		return new BlockingCall(type.getName(), methodNamePattern);
	}

	/**
	 * The binary name of the type whose methods (and whose subtypes' methods) this entry matches.
	 * @return the type name
	 */
	public String getTypeName() {
		return this.typeName;
	}

	/**
	 * The method name pattern.
	 * @return the pattern, {@code *} matching any characters
	 */
	public String getMethodNamePattern() {
		return this.methodNamePattern;
	}

	/**
	 * The same entry with the reason it is in a catalogue: the kind of blocking of a blocking entry
	 * ({@code "socket"}, {@code "database round trip"}), why an exemption does not block.
	 * @param reason the reason, for people reading the catalogue
	 * @return a new entry, equal to this one
	 */
	public BlockingCall because(String reason) {
		if (reason == null || reason.isBlank()) {
			throw new IllegalArgumentException("A reason is required for " + this);
		}
		return new BlockingCall(this.typeName, this.methodNamePattern, reason, this.readyCheck);
	}

	/**
	 * The same entry for a call that returns at once on an object whose no-argument {@code boolean} method
	 * of that name, called on this entry's type or a subtype, returned {@code true} on every path to the call, in the same
	 * method: a future's {@code get()} after {@code isDone()}. Only for a state that, once reached, stays: a future
	 * stays done. The object must be one object all along: {@code this}, a parameter, the result of a call made
	 * at most once per run of the method (not in a loop), or a final field of the method's own class or object
	 * (see {@link io.github.vtstarter.archunit.bytecode.CallSite#getTrueChecks()}).
	 * @param booleanMethod the check, e.g. {@code isDone}
	 * @return a new entry, equal to this one
	 */
	public BlockingCall returnsAtOnceAfter(String booleanMethod) {
		if (booleanMethod == null || booleanMethod.isBlank() || booleanMethod.indexOf('(') >= 0) {
			throw new IllegalArgumentException("A method name such as isDone is required for " + this);
		}
		return new BlockingCall(this.typeName, this.methodNamePattern, this.reason, booleanMethod);
	}

	/**
	 * The check after which the call returns at once (see {@link #returnsAtOnceAfter(String)}); not part
	 * of the entry's identity.
	 * @return the method's name, or {@code null}
	 */
	public String getReadyCheck() {
		return this.readyCheck;
	}

	/**
	 * Why the entry is in its catalogue; not part of the entry's identity.
	 * @return the reason, empty if none was given
	 */
	public String getReason() {
		return this.reason;
	}

	boolean matchesMethodName(String methodName) {
		return globMatches(this.methodNamePattern, 0, methodName, 0);
	}

	// A tiny glob matcher rather than a regex: patterns are few and short, calls are many.
	private static boolean globMatches(String pattern, int p, String name, int n) {
		while (p < pattern.length()) {
			char c = pattern.charAt(p);
			if (c == '*') {
				for (int i = n; i <= name.length(); i++) {
					if (globMatches(pattern, p + 1, name, i)) {
						return true;
					}
				}
				return false;
			}
			if (n >= name.length() || name.charAt(n) != c) {
				return false;
			}
			p++;
			n++;
		}
		return n == name.length();
	}

	@Override
	public boolean equals(Object other) {
		if (this == other) {
			return true;
		}
		if (!(other instanceof BlockingCall)) {
			return false;
		}
		BlockingCall that = (BlockingCall) other;
		return this.typeName.equals(that.typeName) && this.methodNamePattern.equals(that.methodNamePattern);
	}

	@Override
	public int hashCode() {
		return Objects.hash(this.typeName, this.methodNamePattern);
	}

	@Override
	public String toString() {
		return this.typeName + "." + this.methodNamePattern;
	}

}
