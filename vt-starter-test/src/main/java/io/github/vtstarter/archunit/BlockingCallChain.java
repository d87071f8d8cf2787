package io.github.vtstarter.archunit;

import io.github.vtstarter.archunit.bytecode.CallSite;

/**
 * A path of calls that ends in a blocking call: the first call is made in a monitor region, each
 * following call is made by the method the previous one resolved to, the last one is blocking.
 */
final class BlockingCallChain {

	private final CallSite call;

	private final BlockingCallChain next;

	private final BlockingCall blockingCall;

	private final int length;

	BlockingCallChain(CallSite call, BlockingCallChain next, BlockingCall blockingCall) {
		this.call = call;
		this.next = next;
		this.blockingCall = blockingCall;
		this.length = (next != null) ? next.length + 1 : 1;
	}

	CallSite getCall() {
		return this.call;
	}

	BlockingCallChain getNext() {
		return this.next;
	}

	/**
	 * The catalogue entry that made the last call blocking.
	 * @return the catalogue entry
	 */
	BlockingCall getBlockingCall() {
		return this.blockingCall;
	}

	/**
	 * The number of calls from the monitor region to the blocking call, 1 for a direct call.
	 * @return the length
	 */
	int length() {
		return this.length;
	}

	CallSite getBlockingSite() {
		BlockingCallChain last = this;
		while (last.next != null) {
			last = last.next;
		}
		return last.call;
	}

	BlockingCallChain prependedWith(CallSite caller) {
		return new BlockingCallChain(caller, this, this.blockingCall);
	}

}
