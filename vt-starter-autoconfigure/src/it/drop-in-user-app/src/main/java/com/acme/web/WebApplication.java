package com.acme.web;

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

/** An ordinary Boot 3.1 application: nothing in it mentions virtual threads. */
@SpringBootApplication
@EnableAsync
@EnableScheduling
@RestController
public class WebApplication {

	static final AtomicReference<String> lastScheduledRun = new AtomicReference<>();

	private final Jobs jobs;

	public WebApplication(Jobs jobs) {
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

	@Scheduled(fixedDelay = 50)
	void tick() {
		lastScheduledRun.set(Thread.currentThread().toString());
	}

	public static void main(String[] args) {
		SpringApplication.run(WebApplication.class, args);
	}

	@Service
	static class Jobs {

		@Async
		public CompletableFuture<String> thread() {
			return CompletableFuture.completedFuture(Thread.currentThread().toString());
		}

	}

}
