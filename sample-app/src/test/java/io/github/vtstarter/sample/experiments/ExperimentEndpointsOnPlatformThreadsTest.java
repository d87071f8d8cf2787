package io.github.vtstarter.sample.experiments;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.client.TestRestTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With {@code spring.threads.virtual.enabled=false} every experiment endpoint of the benchmark answers on Tomcat's
 * platform threads: the switch turns the starter off.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = "spring.threads.virtual.enabled=false")
class ExperimentEndpointsOnPlatformThreadsTest {

	@Autowired
	TestRestTemplate rest;

	@Test
	void everyEndpointAnswersOnAPlatformThread() {
		for (String endpoint : ExperimentEndpointsOnVirtualThreadsTest.ENDPOINTS) {
			String body = this.rest.getForObject(endpoint, String.class);
			assertThat(body).as(endpoint).startsWith("thread=http-nio-").contains("virtual=false");
		}
	}

}
