package com.acme.quotes;

import java.util.concurrent.locks.ReentrantLock;

import org.springframework.stereotype.Component;

/** Safe on every Java: a ReentrantLock, not a monitor, around the slow call. */
@Component
public class QuoteSource {

	private final ReentrantLock lock = new ReentrantLock();

	public String quote(String symbol) throws InterruptedException {
		this.lock.lock();
		try {
			Thread.sleep(30); // a slow upstream
			return symbol + " 42.00";
		}
		finally {
			this.lock.unlock();
		}
	}

}
