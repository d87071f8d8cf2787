package io.github.vtstarter.guard;

import java.util.Arrays;
import java.util.TreeSet;

import io.github.vtstarter.autoconfigure.DegradedFeatures;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

/**
 * An application with nothing but {@code @EnableAutoConfiguration}, started by {@link StartupWithoutJarsTests}
 * in a JVM whose class path lacks some of the starter's optional libraries. It starts (a real server on a free
 * loopback port when the class path has one), creates every bean, prints what it got, and exits 0; a failed
 * start exits 1 with the stack trace.
 */
@Configuration(proxyBeanMethods = false)
@EnableAutoConfiguration
public class GuardApplication {

	/** Printed when the application has started. */
	static final String STARTED = "GUARD-STARTED";

	public static void main(String[] args) {
		SpringApplication application = new SpringApplication(GuardApplication.class);
		try (ConfigurableApplicationContext context = application.run("--server.port=0",
				"--server.address=127.0.0.1", "--spring.main.banner-mode=off", "--spring.jmx.enabled=false",
				"--spring.main.keep-alive=false")) {
			for (String name : context.getBeanDefinitionNames()) {
				if (!context.getBeanFactory().getBeanDefinition(name).isAbstract()) {
					context.getBean(name);
				}
			}
			TreeSet<String> starterBeans = new TreeSet<>();
			Arrays.stream(context.getBeanDefinitionNames())
				.filter((name) -> context.getType(name) != null
						&& context.getType(name).getName().startsWith("io.github.vtstarter."))
				.forEach(starterBeans::add);
			System.out.println(STARTED + " " + context.getClass().getSimpleName() + " " + starterBeans);
			System.out.println("DEGRADED " + DegradedFeatures.all());
		}
		catch (Throwable ex) {
			ex.printStackTrace(System.out);
			System.exit(1);
		}
		System.exit(0);
	}

}
