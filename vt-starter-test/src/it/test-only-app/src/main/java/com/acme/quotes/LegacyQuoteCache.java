package com.acme.quotes;

import java.util.HashMap;
import java.util.Map;

import org.springframework.stereotype.Component;

/** Pinning-prone on Java 21 to 23: the slow call is made while the map's monitor is held. */
@Component
public class LegacyQuoteCache {

	private final Map<String, String> quotes = new HashMap<>();

	public String quote(String symbol) throws InterruptedException {
		synchronized (this.quotes) {
			String quote = this.quotes.get(symbol);
			if (quote == null) {
				Thread.sleep(100); // a slow upstream
				quote = symbol + " 41.00";
				this.quotes.put(symbol, quote);
			}
			return quote;
		}
	}

}
