package io.github.vtstarter.autoconfigure.actuate;

import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.Set;

import javax.management.MBeanServer;
import javax.management.ObjectName;

import io.github.vtstarter.pinning.TestJdk;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Boot's exposure rules apply to the endpoint: not over HTTP unless included, over JMX when included there.
 */
class VirtualThreadsEndpointExposureTests {

	@Nested
	@SpringBootTest(classes = PinningTestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT)
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	class NotIncluded {

		@LocalServerPort
		int port;

		@Test
		void notOnHttpByDefault() throws Exception {
			assertThat(status("/actuator/health")).isEqualTo(200);
			assertThat(status("/actuator/virtualthreads")).isEqualTo(404);
			assertThat(status("/actuator/virtualthreads/dump")).isEqualTo(404);
		}

		private int status(String path) throws Exception {
			return HttpClient.newHttpClient()
				.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path)).build(),
						HttpResponse.BodyHandlers.discarding())
				.statusCode();
		}

	}

	@Nested
	@SpringBootTest(classes = PinningTestApplication.class, webEnvironment = WebEnvironment.NONE,
			properties = { "spring.jmx.enabled=true", "spring.jmx.unique-names=true",
					"management.endpoints.jmx.exposure.include=virtualthreads" })
	class OverJmx {

		@Test
		@SuppressWarnings("unchecked")
		void readableOverJmx() throws Exception {
			MBeanServer server = ManagementFactory.getPlatformMBeanServer();
			Set<ObjectName> names = server
				.queryNames(new ObjectName("org.springframework.boot:type=Endpoint,name=Virtualthreads,*"), null);
			assertThat(names).hasSize(1);
			ObjectName name = names.iterator().next();
			Map<String, Object> body = (Map<String, Object>) server.invoke(name, "virtualThreads", new Object[0],
					new String[0]);
			assertThat(body).containsKeys("enabled", "mode", "executors", "scheduler", "pinning");
			Map<String, Object> pinned = (Map<String, Object>) server.invoke(name, "detail", new Object[] { "pinned" },
					new String[] { String.class.getName() });
			assertThat(pinned).containsKey("events");
		}

	}

}
