package com.acme.quotes;

/** Pinning-prone on every Java, like ExchangeRates: a static block that sleeps. */
public final class CurrencyTable {

	private static final String NAMES;

	static {
		try {
			Thread.sleep(100);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		NAMES = "EUR,USD";
	}

	private CurrencyTable() {
	}

	public static String names() {
		return NAMES;
	}

}
