package com.acme.quotes;

import java.util.concurrent.CompletableFuture;

import org.springframework.scheduling.annotation.Async;
import org.springframework.stereotype.Component;

@Component
public class ThreadReporter {

	@Async
	public CompletableFuture<String> describeAsyncThread() {
		return CompletableFuture.completedFuture(describe(Thread.currentThread()));
	}

	static String describe(Thread thread) {
		return thread.getName() + " virtual=" + isVirtual(thread);
	}

	// Compiled for Java 17 (java.version): Thread.isVirtual() is called reflectively.
	private static boolean isVirtual(Thread thread) {
		try {
			return (boolean) Thread.class.getMethod("isVirtual").invoke(thread);
		}
		catch (ReflectiveOperationException ex) {
			return false;
		}
	}

}
