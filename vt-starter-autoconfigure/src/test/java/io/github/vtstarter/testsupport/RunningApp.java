package io.github.vtstarter.testsupport;

import java.util.ArrayList;
import java.util.List;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.servlet.context.ServletWebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.web.client.RestTemplate;

/**
 * A real application started the way a user starts theirs ({@link SpringApplication}, so environment post
 * processors and failure analyzers run), on a random loopback port.
 */
public final class RunningApp implements AutoCloseable {

	private final ConfigurableApplicationContext context;

	private RunningApp(ConfigurableApplicationContext context) {
		this.context = context;
	}

	public static RunningApp web(Class<?> configuration, String... properties) {
		return start(configuration, WebApplicationType.SERVLET, properties);
	}

	public static RunningApp start(Class<?> configuration, WebApplicationType type, String... properties) {
		List<String> args = new ArrayList<>(List.of("--server.port=0", "--server.address=127.0.0.1",
				"--spring.main.banner-mode=off", "--spring.jmx.enabled=false"));
		for (String property : properties) {
			args.add("--" + property);
		}
		return new RunningApp(new SpringApplicationBuilder(configuration).web(type).run(args.toArray(String[]::new)));
	}

	public ConfigurableApplicationContext context() {
		return this.context;
	}

	public int port() {
		return ((ServletWebServerApplicationContext) this.context).getWebServer().getPort();
	}

	public <T> T get(String path, Class<T> type) {
		return new RestTemplate().getForObject("http://127.0.0.1:" + port() + path, type);
	}

	@Override
	public void close() {
		this.context.close();
	}

}
