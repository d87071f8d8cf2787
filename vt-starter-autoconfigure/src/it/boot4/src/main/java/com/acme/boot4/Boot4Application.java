package com.acme.boot4;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.scheduling.annotation.Async;
import org.springframework.scheduling.annotation.EnableAsync;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Service;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * An ordinary Boot 4 application: nothing in it mentions virtual threads. Two requests pin on purpose, so that
 * the starter's pinning monitor has something to catch: a sleep inside {@code synchronized} (pins on Java 21 to
 * 23) and a sleep in a class initializer (pins on every Java).
 */
@SpringBootApplication
@EnableAsync
@EnableScheduling
@RestController
public class Boot4Application {

	static final AtomicReference<String> lastScheduledRun = new AtomicReference<>();

	private static final Object LOCK = new Object();

	private final Jobs jobs;

	public Boot4Application(Jobs jobs) {
		this.jobs = jobs;
	}

	@GetMapping("/thread")
	String thread() {
		return Thread.currentThread().toString();
	}

	@GetMapping("/async-thread")
	CompletableFuture<String> asyncThread() {
		return this.jobs.thread();
	}

	@GetMapping("/pin/synchronized")
	String sleepInsideSynchronized() throws InterruptedException {
		synchronized (LOCK) {
			Thread.sleep(60);
		}
		return Thread.currentThread().toString();
	}

	@GetMapping("/pin/class-init")
	String blockInClassInitializer() {
		SlowClassInitializer.touch();
		return Thread.currentThread().toString();
	}

	@Scheduled(fixedRate = 50)
	void tick() {
		lastScheduledRun.set(Thread.currentThread().toString());
	}

	public static void main(String[] args) {
		SpringApplication.run(Boot4Application.class, args);
	}

	@Service
	static class Jobs {

		@Async
		public CompletableFuture<String> thread() {
			return CompletableFuture.completedFuture(Thread.currentThread().toString());
		}

	}

	static final class SlowClassInitializer {

		static {
			try {
				Thread.sleep(60);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}

		static void touch() {
		}

	}

}
