package io.github.vtstarter.sample.experiments;

/**
 * What every experiment endpoint answers: a short line naming the serving thread, so that a client (and
 * the harness's smoke mode) can see whether the request ran on a virtual thread.
 */
final class Experiments {

	private Experiments() {
	}

	static String describe(Thread thread, Object result) {
		boolean virtual = thread.toString().startsWith("VirtualThread");
		return "thread=" + thread.getName() + " virtual=" + virtual + " result=" + result + "\n";
	}

}
