package io.github.vtstarter.sample.bench;

import org.apache.tomcat.util.threads.VirtualThreadExecutor;

import org.springframework.boot.web.embedded.tomcat.TomcatProtocolHandlerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;

/**
 * For the benchmark only (profile {@code tomcat-own-executor}, never on by default): requests run on Tomcat's
 * own {@code VirtualThreadExecutor}, set exactly as Spring Boot 3.2+ sets it
 * ({@code TomcatVirtualThreadsWebServerFactoryCustomizer}), on this same Boot 3.1 application. Compared with
 * vt-starter's executor, everything else (Spring Framework, Tomcat, the application) is the same, so the
 * difference is the executor alone; Boot 3.5 differs from Boot 3.1 in much more than that.
 * <p>
 * It also shows that an application's own executor wins: vt-starter sees an executor already set and keeps it.
 * Tomcat 10.1.8 (Boot 3.1.0) has no {@code VirtualThreadExecutor}; the sample is built with Boot 3.1.12.
 */
@Configuration(proxyBeanMethods = false)
@Profile(TomcatOwnVirtualThreadExecutorConfiguration.PROFILE)
public class TomcatOwnVirtualThreadExecutorConfiguration {

	/** The profile that switches this on. */
	public static final String PROFILE = "tomcat-own-executor";

	@Bean
	TomcatProtocolHandlerCustomizer<?> tomcatOwnVirtualThreadExecutor() {
		return (protocolHandler) -> protocolHandler.setExecutor(new VirtualThreadExecutor("tomcat-handler-"));
	}

}
