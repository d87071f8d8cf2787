package io.github.vtstarter.sample.experiments;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * I/O-bound shapes of the quoted experiments: a request that sleeps (the 2 s {@code /io-task}, the
 * 300 ms and the 100 ms shapes), and the same with no sleep at all, which gives the server's CPU ceiling.
 */
@RestController
public class SleepController {

	/** Longest sleep accepted, so that a typo cannot hold a thread for hours. */
	static final long MAX_MS = 10_000;

	/**
	 * Sleeps, then answers with the thread that served the request.
	 * @param ms how long to sleep, in milliseconds (0 answers at once)
	 * @return a short text line
	 */
	@GetMapping("/sleep")
	public String sleep(@RequestParam(defaultValue = "100") long ms) throws InterruptedException {
		return sleepThenDescribe(ms);
	}

	/**
	 * The 2 s shape ({@code ab -n 3000 -c 250} against {@code /io-task}).
	 * @param ms how long to sleep, in milliseconds
	 * @return a short text line
	 */
	@GetMapping("/io-task")
	public String ioTask(@RequestParam(defaultValue = "2000") long ms) throws InterruptedException {
		return sleepThenDescribe(ms);
	}

	static String sleepThenDescribe(long ms) throws InterruptedException {
		long bounded = Math.max(0, Math.min(ms, MAX_MS));
		if (bounded > 0) {
			Thread.sleep(bounded);
		}
		return Experiments.describe(Thread.currentThread(), bounded);
	}

}
