package com.acme.quotes;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * What the application is at run time, written to target/context-snapshot.txt: the virtual-threads switch and its
 * outcome (the request's thread, an @Async task's thread), every bean with its type, every live platform thread.
 * Uses nothing of vt-starter-test: verify.sh runs it with and without that dependency and compares the two files.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class ContextSnapshotTest {

	@Value("${local.server.port}")
	int port;

	@Autowired
	ConfigurableApplicationContext context;

	@Test
	void writeTheSnapshot() throws Exception {
		HttpClient http = HttpClient.newHttpClient();
		List<String> lines = new ArrayList<>();
		lines.add("java " + Runtime.version().feature() + ", boot " + SpringBootVersion.getVersion());
		lines.add("spring.threads.virtual.enabled=" + this.context.getEnvironment().getProperty("spring.threads.virtual.enabled"));
		lines.add("request thread: " + get(http, "/thread"));
		lines.add("@Async thread: " + get(http, "/async-thread"));
		String[] beans = this.context.getBeanDefinitionNames();
		Arrays.sort(beans);
		for (String bean : beans) {
			Class<?> type = this.context.getBeanFactory().getType(bean, false);
			lines.add("bean " + bean + " " + ((type != null) ? type.getName().replaceAll("\\$\\$.*", "") : "?"));
		}
		// Platform threads (virtual ones are not listed by the JVM), numbers replaced: how many carrier or worker
		// threads a pool has started at this moment depends on timing, not on the application.
		// The exact names go to a file of their own, for the record.
		TreeSet<String> threads = new TreeSet<>();
		TreeSet<String> exact = new TreeSet<>();
		for (Thread thread : Thread.getAllStackTraces().keySet()) {
			String daemon = thread.isDaemon() ? " (daemon)" : "";
			threads.add("thread " + thread.getName().replaceAll("\\d+", "N") + daemon);
			exact.add("thread " + thread.getName() + daemon);
		}
		lines.addAll(threads);
		Files.write(Path.of("target", "context-snapshot.txt"), lines);
		Files.write(Path.of("target", "context-threads.txt"), exact);
	}

	private String get(HttpClient http, String path) throws Exception {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + this.port + path)).build();
		return http.send(request, HttpResponse.BodyHandlers.ofString()).body();
	}

}
