package io.github.vtstarter.autoconfigure.keepalive;

import java.util.concurrent.Executor;

import org.springframework.boot.CommandLineRunner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A non-web application whose work is a command-line runner, run in its own JVM by {@link KeepAliveProcessTests}.
 * With {@code --submit} the runner hands work to the application task executor and returns before it is done:
 * on Boot 3.1 that executor's non-daemon pool threads held the JVM; with the starter its threads are daemon
 * virtual threads and the keep-alive thread holds it. Without {@code --submit} nothing holds it: it exits when
 * {@code main} returns, with the starter as without.
 */
@Configuration(proxyBeanMethods = false)
@EnableAutoConfiguration
public class CommandLineApp {

	@Bean
	CommandLineRunner runner(Executor applicationTaskExecutor) {
		return (args) -> {
			if (java.util.List.of(args).contains("--submit")) {
				applicationTaskExecutor.execute(() -> {
					sleep(1500);
					System.out.println("work done on " + Thread.currentThread());
				});
			}
			System.out.println("runner done");
		};
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	public static void main(String[] args) {
		new SpringApplicationBuilder(CommandLineApp.class).web(WebApplicationType.NONE).run(args);
		System.out.println("main returned");
		// A daemon heartbeat shows the test that the JVM is still there; being a daemon, it holds nothing.
		Thread heartbeat = new Thread(() -> {
			for (int i = 0;; i++) {
				System.out.println("heartbeat " + i);
				sleep(100);
			}
		}, "heartbeat");
		heartbeat.setDaemon(true);
		heartbeat.start();
	}

}
