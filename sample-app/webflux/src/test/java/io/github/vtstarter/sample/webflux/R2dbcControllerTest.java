package io.github.vtstarter.sample.webflux;

import io.r2dbc.spi.ConnectionFactory;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The endpoints answer on a real Reactor Netty server, on an event loop (not a virtual thread). The database is H2's
 * R2DBC driver with {@code PG_SLEEP} as an alias of a Java method, standing in for PostgreSQL (the benchmark uses
 * PostgreSQL).
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = "spring.r2dbc.url=r2dbc:h2:mem:///vtbench;DB_CLOSE_DELAY=-1")
class R2dbcControllerTest {

	@Autowired
	WebTestClient client;

	@Autowired
	ConnectionFactory connectionFactory;

	/** H2's stand-in for PostgreSQL's {@code pg_sleep} (public, for H2 to call). */
	public static final class PgSleep {

		private PgSleep() {
		}

		public static int pgSleep(double seconds) throws InterruptedException {
			Thread.sleep((long) (seconds * 1000));
			return 0;
		}

	}

	@Test
	void r2dbcWaitsInTheDatabaseThenBurnsCpuOnAnEventLoop() {
		DatabaseClient.create(this.connectionFactory).sql("CREATE ALIAS IF NOT EXISTS PG_SLEEP FOR '" + PgSleep.class.getName() + ".pgSleep'")
			.then()
			.block();
		long t0 = System.nanoTime();
		String body = this.client.get().uri("/r2dbc?sleep=0.05&cpuMs=1").exchange().expectStatus().isOk()
			.expectBody(String.class).returnResult().getResponseBody();
		assertThat(System.nanoTime() - t0).isGreaterThanOrEqualTo(50_000_000L);
		assertThat(body).contains("virtual=false").contains("result=db");
	}

	@Test
	void sleepAnswersOnAnEventLoop() {
		String body = this.client.get().uri("/sleep?ms=0").exchange().expectStatus().isOk().expectBody(String.class)
			.returnResult().getResponseBody();
		assertThat(body).startsWith("thread=").contains("virtual=false").contains("result=0");
	}

}
