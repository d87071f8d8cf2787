package io.github.vtstarter.sample.experiments;

import java.math.BigInteger;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The CPU-bound shape ({@code /fib}, "fibonacci sum of 10000"): where virtual threads should not change
 * throughput, only the number of OS threads.
 */
@RestController
public class FibController {

	static final int MAX_N = 100_000;

	@GetMapping("/fib")
	public String fib(@RequestParam(defaultValue = "10000") int n) {
		return Experiments.describe(Thread.currentThread(), "bits:" + fibonacciSum(n).bitLength());
	}

	/**
	 * The sum of the first {@code n} Fibonacci numbers, computed the slow way (one addition per term).
	 * @param n how many terms (bounded by {@value #MAX_N})
	 * @return F(1) + ... + F(n)
	 */
	static BigInteger fibonacciSum(int n) {
		int bounded = Math.max(0, Math.min(n, MAX_N));
		BigInteger a = BigInteger.ZERO;
		BigInteger b = BigInteger.ONE;
		BigInteger sum = BigInteger.ZERO;
		for (int i = 0; i < bounded; i++) {
			sum = sum.add(b);
			BigInteger next = a.add(b);
			a = b;
			b = next;
		}
		return sum;
	}

}
