package com.acme.web;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What the user sees after adding vt-starter: virtual threads on Java 21+, the app as before on Java 17. On Boot
 * 3.1 the starter's backport runs them; after an upgrade to Boot 3.2+ Boot's own support does, with the same
 * thread names and no change to the application.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class WebApplicationTests {

	private static final boolean JAVA_21 = Runtime.version().feature() >= 21;

	// The same application on Undertow instead of Tomcat (verify.sh SERVER=undertow).
	private static final boolean UNDERTOW = ClassUtils.isPresent("io.undertow.Undertow", null);

	@Autowired
	private TestRestTemplate rest;

	@Test
	void requestsRunOnVirtualThreadsFromJava21() {
		String thread = this.rest.getForObject("/thread", String.class);
		if (JAVA_21) {
			assertThat(thread).startsWith("VirtualThread[").contains(UNDERTOW ? "undertow-" : "tomcat-handler-");
		}
		else {
			assertThat(thread).startsWith("Thread[").contains(UNDERTOW ? "XNIO-" : "http-nio-");
		}
	}

	@Test
	void asyncMethodsRunOnVirtualThreadsFromJava21() {
		String thread = this.rest.getForObject("/async-thread", String.class);
		assertThat(thread).contains("task-");
		assertThat(thread.startsWith("VirtualThread[")).isEqualTo(JAVA_21);
	}

	@Test
	void scheduledMethodsRunOnVirtualThreadsFromJava21() {
		await().atMost(Duration.ofSeconds(10)).until(() -> WebApplication.lastScheduledRun.get() != null);
		String thread = WebApplication.lastScheduledRun.get();
		assertThat(thread).contains("scheduling-");
		assertThat(thread.startsWith("VirtualThread[")).isEqualTo(JAVA_21);
	}

	@Test
	void actuatorEndpointSaysWhatRuns() {
		String body = this.rest.getForObject("/actuator/virtualthreads", String.class);
		if (JAVA_21) {
			String mode = SpringBootVersion.getVersion().startsWith("3.1.") ? "backport" : "boot-native";
			assertThat(body).contains("\"mode\":\"" + mode + "\"").contains(UNDERTOW ? "\"undertow\"" : "\"tomcat\"");
		}
		else {
			assertThat(body).contains("\"mode\":\"unsupported-jvm\"");
		}
	}

}
