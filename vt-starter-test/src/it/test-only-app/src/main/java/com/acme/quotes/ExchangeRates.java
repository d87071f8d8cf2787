package com.acme.quotes;

import java.util.Map;

/** Pinning-prone on every Java: the class initializer blocks (it loads the rates from a slow source). */
public final class ExchangeRates {

	private static final Map<String, String> RATES = load();

	private ExchangeRates() {
	}

	public static String rate(String currency) {
		return RATES.get(currency);
	}

	private static Map<String, String> load() {
		try {
			Thread.sleep(100);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		return Map.of("EUR", "1.08");
	}

}
