package io.github.vtstarter.sample.experiments;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.client.TestRestTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every experiment endpoint of the benchmark answers, on a real Tomcat on a random port, and runs on a virtual thread
 * with the starter's default ({@code spring.threads.virtual.enabled} unset).
 */
@EnabledForJreRange(min = JRE.JAVA_21)
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class ExperimentEndpointsOnVirtualThreadsTest {

	/** The experiments the benchmark drives, each with a short wait so that the suite stays quick. */
	static final String[] ENDPOINTS = { "/sleep?ms=5", "/io-task?ms=5", "/platform/process?ms=5",
			"/virtual/process?ms=5", "/fib?n=100", "/jdbc?sleep=0.005&cpuMs=1", "/outbound?ms=5" };

	@Autowired
	TestRestTemplate rest;

	@Test
	void everyEndpointAnswersOnAVirtualThread() {
		for (String endpoint : ENDPOINTS) {
			String body = this.rest.getForObject(endpoint, String.class);
			assertThat(body).as(endpoint).startsWith("thread=tomcat-handler-").contains("virtual=true");
		}
	}

	@Test
	void virtualProcessRunsItsTaskOnAVirtualThread() {
		assertThat(this.rest.getForObject("/virtual/process?ms=1", String.class)).contains("task:process-")
			.contains("taskVirtual:true");
		assertThat(this.rest.getForObject("/platform/process?ms=1", String.class)).contains("taskVirtual:false");
	}

	@Test
	void fibonacciSumIsRight() {
		// F(1) + ... + F(10) = 143
		assertThat(FibController.fibonacciSum(10)).hasToString("143");
	}

	@Test
	void jdbcWaitsInTheDatabase() {
		long t0 = System.nanoTime();
		assertThat(this.rest.getForObject("/jdbc?sleep=0.05&cpuMs=0", String.class)).contains("result=db");
		assertThat(System.nanoTime() - t0).isGreaterThanOrEqualTo(50_000_000L);
	}

	@Test
	void outboundCallsTheSlowEndpoint() {
		assertThat(this.rest.getForObject("/outbound?ms=1", String.class)).contains("result=status:200");
	}

}
