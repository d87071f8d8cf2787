package io.github.vtstarter.sample;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A Spring Boot 3.1 application that adds vt-starter and nothing else: no code here configures threads (but for
 * a profile the benchmark uses to compare with Tomcat's own executor, {@code bench.TomcatOwnVirtualThreadExecutorConfiguration}).
 */
@SpringBootApplication
public class SampleApplication {

	public static void main(String[] args) {
		SpringApplication.run(SampleApplication.class, args);
	}

}
