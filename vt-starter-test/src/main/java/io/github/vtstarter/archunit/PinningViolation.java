package io.github.vtstarter.archunit;

import io.github.vtstarter.archunit.bytecode.BytecodeClass;
import io.github.vtstarter.archunit.bytecode.BytecodeMethod;
import io.github.vtstarter.archunit.bytecode.CallSite;
import io.github.vtstarter.archunit.bytecode.MonitorRegion;

/**
 * A blocking call made while a monitor is held, worded for the developer who has to fix it.
 * <p>
 * Each violation is a single line, and every line number in it appears as {@code (File.java:n)}:
 * {@code FreezingArchRule}'s default matcher ignores exactly those digits (and the {@code $n} of
 * lambdas and anonymous classes), so a frozen violation stays recognised when code above it moves.
 */
final class PinningViolation {

	private static final String FIX = "fix: guard the state with a java.util.concurrent.locks.ReentrantLock "
			+ "instead of synchronized, or move the blocking call out of the monitor";

	private static final String WAIT_FIX = "fix: replace synchronized and wait()/notify() with a "
			+ "java.util.concurrent.locks.ReentrantLock and its Condition (await()/signal())";

	private static final String CLINIT_FIX = "fix: do the blocking work outside the static initializer, "
			+ "e.g. in a method called at startup, or lazily on first use behind a ReentrantLock";

	private final BytecodeClass owner;

	private final String message;

	private PinningViolation(BytecodeClass owner, String message) {
		this.owner = owner;
		this.message = message;
	}

	/**
	 * A blocking call made, directly or through other methods, inside a monitor region.
	 * @param region the region whose monitor is held
	 * @param chain the calls from the region to the blocking call
	 * @return the violation
	 */
	static PinningViolation inRegion(MonitorRegion region, BlockingCallChain chain, RuleKind kind) {
		BytecodeMethod holder = region.getMethod();
		StringBuilder message = new StringBuilder().append(holder.getKind()).append(" <")
			.append(holder.getFullName()).append("> holds the monitor of the ").append(region.describe())
			.append(" and calls blocking method <").append(chain.getBlockingSite().getCalleeFullName()).append('>');
		appendChain(message, chain);
		// The blocking rule's catalogue holds Object.wait() too; that finding pins differently.
		RuleKind clause = (kind == RuleKind.BLOCKING_WHILE_SYNCHRONIZED && isWait(chain.getBlockingCall()))
				? RuleKind.OBJECT_WAIT : kind;
		message.append("; ").append(clause.appliesToClause()).append("; ").append(fixFor(chain.getBlockingCall()));
		return new PinningViolation(holder.getOwner(), message.toString());
	}

	/**
	 * A blocking call made, directly or through other methods, by a class initializer.
	 * @param chain the calls from the initializer to the blocking call
	 * @return the violation
	 */
	static PinningViolation inStaticInitializer(BlockingCallChain chain) {
		BytecodeMethod initializer = chain.getCall().getCaller();
		StringBuilder message = new StringBuilder().append(initializer.getKind()).append(" <")
			.append(initializer.getFullName()).append("> calls blocking method <")
			.append(chain.getBlockingSite().getCalleeFullName()).append('>');
		appendChain(message, chain);
		message.append("; ").append(RuleKind.STATIC_INITIALIZER.appliesToClause()).append("; ").append(CLINIT_FIX);
		return new PinningViolation(initializer.getOwner(), message.toString());
	}

	private static void appendChain(StringBuilder message, BlockingCallChain chain) {
		if (chain.length() == 1) {
			message.append(" in ").append(chain.getCall().getLocation());
		}
		else {
			message.append(" through ");
			for (BlockingCallChain link = chain; link != null; link = link.getNext()) {
				message.append('<').append(link.getCall().getCalleeFullName()).append('>');
				if (link.getNext() != null) {
					// Name the implementation when an interface or superclass call resolved to an override.
					BytecodeMethod target = link.getNext().getCall().getCaller();
					if (!target.getFullName().equals(link.getCall().getCalleeFullName())) {
						message.append(" implemented by <").append(target.getFullName()).append('>');
					}
				}
				message.append(" in ").append(link.getCall().getLocation());
				if (link.getNext() != null) {
					message.append(" -> ");
				}
			}
		}
	}

	/**
	 * A blocking call (in practice {@code Object.wait()}) whose monitor is taken by a caller that is
	 * not among the analysed classes or further away than the maximum depth.
	 * @param call the blocking call
	 * @param blockingCall the catalogue entry it matches
	 * @return the violation
	 */
	static PinningViolation outsideKnownRegion(CallSite call, BlockingCall blockingCall, RuleKind kind) {
		BytecodeMethod caller = call.getCaller();
		String message = caller.getKind() + " <" + caller.getFullName() + "> calls <" + call.getCalleeFullName()
				+ "> in " + call.getLocation() + ", which runs only while the caller holds the object's monitor; "
				+ kind.appliesToClause() + "; " + fixFor(blockingCall);
		return new PinningViolation(caller.getOwner(), message);
	}

	private static String fixFor(BlockingCall blockingCall) {
		return isWait(blockingCall) ? WAIT_FIX : FIX;
	}

	private static boolean isWait(BlockingCall blockingCall) {
		return "java.lang.Object".equals(blockingCall.getTypeName()) && blockingCall.matchesMethodName("wait");
	}

	BytecodeClass getOwner() {
		return this.owner;
	}

	String getMessage() {
		return this.message;
	}

	@Override
	public String toString() {
		return this.message;
	}

}
