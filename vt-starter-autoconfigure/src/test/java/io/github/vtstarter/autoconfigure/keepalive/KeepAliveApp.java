package io.github.vtstarter.autoconfigure.keepalive;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.Scheduled;

/**
 * A non-web application whose only work is a {@code @Scheduled} method: with virtual threads, nothing but
 * the keep-alive thread stops the JVM from exiting when {@code main} returns. Started in its own JVM by
 * {@link KeepAliveProcessTests}.
 */
@Configuration(proxyBeanMethods = false)
@EnableAutoConfiguration
@EnableScheduling
public class KeepAliveApp {

	@Scheduled(fixedRate = 100)
	void tick() {
		System.out.println("tick on " + Thread.currentThread());
	}

	public static void main(String[] args) {
		new SpringApplicationBuilder(KeepAliveApp.class).web(WebApplicationType.NONE).run(args);
		System.out.println("main returned");
	}

}
