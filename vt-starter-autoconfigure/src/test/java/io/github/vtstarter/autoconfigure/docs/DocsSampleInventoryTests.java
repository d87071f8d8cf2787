package io.github.vtstarter.autoconfigure.docs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * No sample in the docs goes unchecked by accident: every block that shows output (JSON, a log, text) carries a marker
 * on the line before it, {@code <!-- sample: id -->} for a sample a test compares with a real run, or
 * {@code <!-- unchecked: why -->} for output no test can reproduce (a measurement on one machine); every sample id
 * is one that a test below checks. A new sample without a marker fails here, which is the reminder to check it.
 */
class DocsSampleInventoryTests {

	/** The documents whose samples are checked (the benchmark and reliability pages hold measurements). */
	private static final List<String> DOCS = List.of("docs/configuration.md", "docs/getting-started.md",
			"docs/how-it-works.md", "docs/messaging.md", "docs/observability.md", "docs/testing.md",
			"docs/troubleshooting.md");

	/** Every sample id, and the test class that checks it. */
	private static final Map<String, Class<?>> CHECKED = new LinkedHashMap<>();

	static {
		CHECKED.put("endpoint", DocsEndpointSampleTests.class);
		CHECKED.put("endpoint-scheduler-jdk25", DocsEndpointSampleTests.class);
		CHECKED.put("endpoint-pinning-unavailable", DocsEndpointSampleTests.class);
		CHECKED.put("endpoint-pinned", DocsEndpointSampleTests.class);
		CHECKED.put("endpoint-dump", DocsEndpointSampleTests.class);
		CHECKED.put("endpoint-advice", DocsEndpointSampleTests.class);
		CHECKED.put("pinning-warn", DocsLogSamplesTests.class);
		CHECKED.put("doctor-warn", DocsLogSamplesTests.class);
		CHECKED.put("doctor-info-unused", DocsUnusedDriverSampleTests.class);
		CHECKED.put("bad-value-failure", DocsLogSamplesTests.class);
		CHECKED.put("jms-platform-threads-info", DocsLogSamplesTests.class);
		CHECKED.put("watchdog-starvation-log", DocsWatchdogSamplesTests.class);
		CHECKED.put("watchdog-starvation-health", DocsWatchdogSamplesTests.class);
		CHECKED.put("watchdog-starvation-endpoint", DocsWatchdogSamplesTests.class);
		CHECKED.put("watchdog-overload-log", DocsWatchdogSamplesTests.class);
		CHECKED.put("watchdog-compensation-log", DocsWatchdogSamplesTests.class);
		CHECKED.put("watchdog-compensation-carriers", DocsWatchdogSamplesTests.class);
		CHECKED.put("metrics-pinned-and-executor", DocsMetersTests.class);
		CHECKED.put("metrics-carriers", DocsMetersTests.class);
	}

	@Test
	void everyOutputBlockIsMarkedAndEverySampleIsChecked() {
		List<String> problems = new ArrayList<>();
		Map<String, String> found = new LinkedHashMap<>();
		for (String doc : DOCS) {
			for (DocFiles.Block block : DocFiles.blocks(doc)) {
				boolean output = block.language().isEmpty() || block.language().equals("json")
						|| block.language().equals("text");
				if (block.markerKind() == null) {
					if (output) {
						problems.add(block + ": output without <!-- sample: id --> or <!-- unchecked: why -->");
					}
					continue;
				}
				if (block.markerKind().equals("unchecked")) {
					if (block.markerValue().isBlank()) {
						problems.add(block + ": <!-- unchecked: --> without the reason");
					}
					continue;
				}
				String id = block.markerValue();
				if (found.put(id, block.toString()) != null) {
					problems.add(block + ": sample id '" + id + "' also at " + found.get(id));
				}
				if (!CHECKED.containsKey(id)) {
					problems.add(block + ": sample '" + id + "' is checked by no test (add it to CHECKED here and "
							+ "compare it with a real run)");
				}
			}
		}
		for (String id : CHECKED.keySet()) {
			if (!found.containsKey(id)) {
				problems.add("sample '" + id + "', checked by " + CHECKED.get(id).getSimpleName()
						+ ", is in no document");
			}
		}
		assertThat(problems).isEmpty();
	}

}
