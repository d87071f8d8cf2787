package io.github.vtstarter.sample.reliability;

import java.util.concurrent.atomic.AtomicLong;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.Async;
import org.springframework.scheduling.annotation.EnableAsync;
import org.springframework.stereotype.Service;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * For the reliability suite ({@code sample.count-requests=true} only). Shutdown scenario: {@code GET
 * /reliability/async?ms=} hands an {@code @Async} task to the application task executor and answers at once. Each
 * task prints one line when it is handed over and one when it ends, straight to standard output (the logging system
 * may already be stopped when the last ones end), so that the suite can tell whether the tasks in flight at SIGTERM
 * finished ({@code spring.task.execution.shutdown.await-termination}) or died with the JVM.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "sample.count-requests", havingValue = "true")
@EnableAsync
public class AsyncShutdownWork {

	@RestController
	@ConditionalOnProperty(name = "sample.count-requests", havingValue = "true")
	static class AsyncController {

		private final SlowTasks tasks;

		AsyncController(SlowTasks tasks) {
			this.tasks = tasks;
		}

		@GetMapping("/reliability/async")
		String submit(@RequestParam(defaultValue = "2000") long ms) {
			this.tasks.run(ms);
			return "submitted";
		}

		/**
		 * For the {@code /dump} scenario: {@code count} {@code @Async} tasks that each sleep {@code ms}, so that
		 * many virtual threads are alive at once without as many sockets (10,000 held HTTP connections cost Tomcat
		 * more heap than the benchmark JVM's 1 GB).
		 */
		@GetMapping("/reliability/hold")
		String hold(@RequestParam int count, @RequestParam long ms) {
			for (int i = 0; i < count; i++) {
				this.tasks.sleep(ms);
			}
			return "holding " + count;
		}

	}

	@Service
	@ConditionalOnProperty(name = "sample.count-requests", havingValue = "true")
	static class SlowTasks {

		private final AtomicLong ids = new AtomicLong();

		@Async
		public void sleep(long ms) {
			try {
				Thread.sleep(ms);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}

		@Async
		public void run(long ms) {
			long id = this.ids.incrementAndGet();
			System.out.println("ASYNC-STARTED " + id + " on " + Thread.currentThread());
			try {
				Thread.sleep(ms);
				System.out.println("ASYNC-FINISHED " + id);
			}
			catch (InterruptedException ex) {
				System.out.println("ASYNC-INTERRUPTED " + id);
				Thread.currentThread().interrupt();
			}
		}

	}

}
