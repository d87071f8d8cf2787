package io.github.vtstarter.autoconfigure.task;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

import io.github.vtstarter.testsupport.EnabledWith;
import io.github.vtstarter.testsupport.EnabledWith.Runtime;
import io.github.vtstarter.testsupport.RunningApp;
import io.github.vtstarter.testsupport.ThreadInfo;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.scheduling.annotation.Async;
import org.springframework.scheduling.annotation.AsyncResult;
import org.springframework.scheduling.annotation.EnableAsync;
import org.springframework.stereotype.Service;
import org.springframework.util.concurrent.ListenableFuture;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.WebAsyncTask;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code @Async} methods and Spring MVC async request processing, in a real web application.
 */
@EnabledWith(Runtime.VIRTUAL_THREADS)
class AsyncOnVirtualThreadsTests {

	@Test
	void asyncMethodRunsOnAVirtualThread() {
		try (RunningApp app = RunningApp.web(App.class)) {
			ThreadInfo ran = app.get("/async", ThreadInfo.class);
			assertThat(ran.virtual()).as("ran on %s", ran.name()).isTrue();
			assertThat(ran.name()).startsWith("task-");
		}
	}

	@Test
	void mvcCallableRunsOnAVirtualThread() {
		try (RunningApp app = RunningApp.web(App.class)) {
			ThreadInfo ran = app.get("/callable", ThreadInfo.class);
			assertThat(ran.virtual()).as("ran on %s", ran.name()).isTrue();
			assertThat(ran.name()).startsWith("task-");
		}
	}

	@Test
	void mvcWebAsyncTaskRunsOnAVirtualThread() {
		try (RunningApp app = RunningApp.web(App.class)) {
			ThreadInfo ran = app.get("/web-async-task", ThreadInfo.class);
			assertThat(ran.virtual()).as("ran on %s", ran.name()).isTrue();
		}
	}

	@Test
	void asyncMethodReturningAListenableFutureRunsOnAVirtualThread() {
		// Spring's async interceptor casts the executor to AsyncListenableTaskExecutor for this return type.
		try (RunningApp app = RunningApp.web(App.class)) {
			ThreadInfo ran = app.get("/async-listenable", ThreadInfo.class);
			assertThat(ran.virtual()).as("ran on %s", ran.name()).isTrue();
			assertThat(ran.name()).startsWith("task-");
		}
	}

	@Test
	void asyncMethodRunsOnAPlatformThreadWhenSwitchedOff() {
		try (RunningApp app = RunningApp.web(App.class, "spring.threads.virtual.enabled=false")) {
			ThreadInfo ran = app.get("/async", ThreadInfo.class);
			assertThat(ran.virtual()).isFalse();
			assertThat(ran.name()).startsWith("task-");
		}
	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	@EnableAsync
	@Import({ Endpoints.class, Worker.class })
	static class App {

	}

	@Service
	static class Worker {

		@Async
		public CompletableFuture<ThreadInfo> work() {
			return CompletableFuture.completedFuture(ThreadInfo.current());
		}

		@Async
		@SuppressWarnings("deprecation")
		public ListenableFuture<ThreadInfo> listenableWork() {
			return new AsyncResult<>(ThreadInfo.current());
		}

	}

	@RestController
	static class Endpoints {

		private final Worker worker;

		Endpoints(Worker worker) {
			this.worker = worker;
		}

		@GetMapping("/async")
		CompletableFuture<ThreadInfo> async() {
			return this.worker.work();
		}

		@GetMapping("/async-listenable")
		@SuppressWarnings("deprecation")
		CompletableFuture<ThreadInfo> asyncListenable() {
			return this.worker.listenableWork().completable();
		}

		@GetMapping("/callable")
		Callable<ThreadInfo> callable() {
			return ThreadInfo::current;
		}

		@GetMapping("/web-async-task")
		WebAsyncTask<ThreadInfo> webAsyncTask() {
			return new WebAsyncTask<>(5000, ThreadInfo::current);
		}

	}

}
