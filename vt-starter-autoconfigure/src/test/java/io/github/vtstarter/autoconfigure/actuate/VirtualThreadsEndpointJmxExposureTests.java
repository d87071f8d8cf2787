package io.github.vtstarter.autoconfigure.actuate;

import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.Set;

import javax.management.MBeanServer;
import javax.management.ObjectName;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Boot's exposure rules apply to the endpoint: over JMX when included there, with its operations. (Not over HTTP
 * unless included: {@link VirtualThreadsEndpointExposureTests}.) Runs on every Java: on 17 the endpoint says why
 * there are no virtual threads.
 */
@SpringBootTest(classes = PinningTestApplication.class, webEnvironment = WebEnvironment.NONE,
		properties = { "spring.jmx.enabled=true", "spring.jmx.unique-names=true",
				"management.endpoints.jmx.exposure.include=virtualthreads" })
class VirtualThreadsEndpointJmxExposureTests {

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
