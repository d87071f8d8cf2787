package io.github.vtstarter.archunit;

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
	static PinningViolation inRegion(MonitorRegion region, BlockingCallChain chain) {
		BytecodeMethod holder = region.getMethod();
		StringBuilder message = new StringBuilder().append(holder.getKind()).append(" <")
			.append(holder.getFullName()).append("> holds the monitor of the ").append(region.describe())
			.append(" and calls blocking method <").append(chain.getBlockingSite().getCalleeFullName()).append('>');
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
		message.append("; ").append(fixFor(chain.getBlockingCall()));
		return new PinningViolation(holder.getOwner(), message.toString());
	}

	/**
	 * A blocking call (in practice {@code Object.wait()}) whose monitor is taken by a caller that is
	 * not among the analysed classes or further away than the maximum depth.
	 * @param call the blocking call
	 * @param blockingCall the catalogue entry it matches
	 * @return the violation
	 */
	static PinningViolation outsideKnownRegion(CallSite call, BlockingCall blockingCall) {
		BytecodeMethod caller = call.getCaller();
		String message = caller.getKind() + " <" + caller.getFullName() + "> calls <" + call.getCalleeFullName()
				+ "> in " + call.getLocation() + ", which runs only while the caller holds the object's monitor; "
				+ fixFor(blockingCall);
		return new PinningViolation(caller.getOwner(), message);
	}

	private static String fixFor(BlockingCall blockingCall) {
		return ("java.lang.Object".equals(blockingCall.getTypeName()) && blockingCall.matchesMethodName("wait"))
				? WAIT_FIX : FIX;
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
