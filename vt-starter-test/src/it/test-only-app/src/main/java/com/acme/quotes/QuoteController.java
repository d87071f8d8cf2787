package com.acme.quotes;

import java.util.concurrent.ExecutionException;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class QuoteController {

	private final QuoteSource quotes;

	private final LegacyQuoteCache legacyQuotes;

	private final ThreadReporter threads;

	public QuoteController(QuoteSource quotes, LegacyQuoteCache legacyQuotes, ThreadReporter threads) {
		this.quotes = quotes;
		this.legacyQuotes = legacyQuotes;
		this.threads = threads;
	}

	@GetMapping("/quote")
	public String quote() throws InterruptedException {
		return this.quotes.quote("ACME");
	}

	@GetMapping("/legacy-quote")
	public String legacyQuote() throws InterruptedException {
		return this.legacyQuotes.quote("ACME");
	}

	@GetMapping("/rates")
	public String rates() {
		return ExchangeRates.rate("EUR");
	}

	@GetMapping("/currencies")
	public String currencies() {
		return CurrencyTable.names();
	}

	/** The request's own thread: name and whether it is virtual. */
	@GetMapping("/thread")
	public String thread() {
		return ThreadReporter.describe(Thread.currentThread());
	}

	/** The thread of an @Async task. */
	@GetMapping("/async-thread")
	public String asyncThread() throws InterruptedException, ExecutionException {
		return this.threads.describeAsyncThread().get();
	}

}
