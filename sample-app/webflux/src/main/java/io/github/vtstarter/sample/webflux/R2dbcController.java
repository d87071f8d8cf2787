package io.github.vtstarter.sample.webflux;

import java.time.Duration;

import io.r2dbc.spi.ConnectionFactory;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.InitializingBean;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The sample app's {@code /jdbc} and {@code /sleep} shapes, reactive. {@code GET /r2dbc?sleep=0.05&cpuMs=10}: the
 * database waits {@code sleep} seconds ({@code SELECT pg_sleep($1)} through the R2DBC pool), then the request burns
 * {@code cpuMs} of CPU where a WebFlux application usually does its work, in the operator that receives the row (on
 * the R2DBC driver's event loop). {@code GET /sleep?ms=} answers after a timer ({@code ms=0}: at once, the
 * harness's readiness probe and the server's CPU ceiling). Both answer with the thread that wrote the answer, as the
 * sample app's endpoints do.
 */
@RestController
public class R2dbcController implements InitializingBean {

	/** Longest wait accepted, as in the sample app. */
	static final long MAX_MS = 10_000;

	private final DatabaseClient database;

	public R2dbcController(ConnectionFactory connectionFactory) {
		this.database = DatabaseClient.create(connectionFactory);
	}

	@Override
	public void afterPropertiesSet() {
		CpuWork.unitsPerMs(); // calibrates now, at start-up, not on the first request
	}

	@GetMapping("/r2dbc")
	public Mono<String> r2dbc(@RequestParam(defaultValue = "0.05") double sleep,
			@RequestParam(defaultValue = "10") double cpuMs) {
		double bounded = Math.max(0, Math.min(sleep, MAX_MS / 1000.0));
		return this.database.sql("SELECT pg_sleep($1)")
			.bind(0, bounded)
			.map((row, metadata) -> 1)
			.first()
			.map((one) -> {
				CpuWork.burn(cpuMs);
				return describe(Thread.currentThread(), "db");
			});
	}

	@GetMapping("/sleep")
	public Mono<String> sleep(@RequestParam(defaultValue = "100") long ms) {
		long bounded = Math.max(0, Math.min(ms, MAX_MS));
		Mono<Long> wait = (bounded > 0) ? Mono.delay(Duration.ofMillis(bounded)) : Mono.just(0L);
		return wait.map((tick) -> describe(Thread.currentThread(), bounded));
	}

	static String describe(Thread thread, Object result) {
		boolean virtual = thread.toString().startsWith("VirtualThread");
		return "thread=" + thread.getName() + " virtual=" + virtual + " result=" + result + "\n";
	}

}
