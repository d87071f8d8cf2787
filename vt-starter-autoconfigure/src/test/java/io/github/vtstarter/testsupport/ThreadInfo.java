package io.github.vtstarter.testsupport;

import io.github.vtstarter.threads.VirtualThreads;

/**
 * What a test records about the thread that ran something.
 */
public record ThreadInfo(String name, boolean virtual) {

	public static ThreadInfo current() {
		Thread thread = Thread.currentThread();
		return new ThreadInfo(thread.getName(), VirtualThreads.isVirtual(thread));
	}

}
