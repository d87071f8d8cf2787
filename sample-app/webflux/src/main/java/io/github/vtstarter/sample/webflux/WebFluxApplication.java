package io.github.vtstarter.sample.webflux;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The JDBC experiment's workload written the reactive way (WebFlux on Reactor Netty, R2DBC): no thread waits for the
 * database, the CPU work runs on the event loop that received the row. No virtual threads and no vt-starter.
 */
@SpringBootApplication
public class WebFluxApplication {

	public static void main(String[] args) {
		SpringApplication.run(WebFluxApplication.class, args);
	}

}
