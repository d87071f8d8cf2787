package io.github.vtstarter.autoconfigure;

import java.io.InputStream;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The metadata IDEs read to complete properties: every property the starter reads, including Boot 3.2's
 * ones it backports to 3.1, is in the jar.
 */
class ConfigurationMetadataTests {

	@Test
	@SuppressWarnings("unchecked")
	void jarDescribesEveryPropertyTheStarterReads() throws Exception {
		Map<String, Object> metadata;
		try (InputStream in = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
			assertThat(in).as("META-INF/spring-configuration-metadata.json (is the configuration processor run?)")
				.isNotNull();
			metadata = new ObjectMapper().readValue(in, Map.class);
		}
		List<Map<String, Object>> properties = (List<Map<String, Object>>) metadata.get("properties");
		assertThat(properties).extracting((property) -> property.get("name"))
			.contains("spring.threads.virtual.enabled", "spring.task.execution.simple.concurrency-limit",
					"spring.main.keep-alive", "vtstarter.pinning.enabled", "vtstarter.pinning.threshold",
					"vtstarter.pinning.ring-size", "vtstarter.pinning.sites-shown", "vtstarter.pinning.log-new-sites",
					"vtstarter.watchdog.enabled", "vtstarter.watchdog.probe-interval",
					"vtstarter.watchdog.lag-threshold", "vtstarter.watchdog.starvation-threshold",
					"vtstarter.watchdog.quiet-period",
					"vtstarter.management.platform-threads", "vtstarter.doctor.enabled", "vtstarter.dump.max-size",
					"vtstarter.dump.max-threads", "vtstarter.jms.virtual-threads.enabled");
		assertThat(properties).filteredOn((property) -> property.get("name").equals("spring.threads.virtual.enabled"))
			.singleElement()
			.satisfies((property) -> assertThat(property).containsEntry("defaultValue", true));
	}

}
