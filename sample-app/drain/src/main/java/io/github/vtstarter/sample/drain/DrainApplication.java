package io.github.vtstarter.sample.drain;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The drain benchmark's application: vt-starter and the libraries whose threads it replaces, no thread
 * configuration of its own. One case runs per start, chosen by its profile ({@code drain-kafka}, {@code drain-jms},
 * {@code drain-rabbit}, {@code drain-redis}, {@code drain-async}, {@code drain-scheduled},
 * {@code drain-integration}); without a profile nothing runs and no client connects anywhere.
 */
@SpringBootApplication
public class DrainApplication {

	public static void main(String[] args) {
		SpringApplication.run(DrainApplication.class, args);
	}

}
