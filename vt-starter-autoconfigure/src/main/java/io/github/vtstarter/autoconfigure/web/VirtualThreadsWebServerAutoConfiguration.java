package io.github.vtstarter.autoconfigure.web;

import io.github.vtstarter.autoconfigure.condition.ConditionalOnBootSupport;
import io.github.vtstarter.autoconfigure.condition.ConditionalOnMissingBootSupport;
import io.github.vtstarter.autoconfigure.condition.ConditionalOnVirtualThreads;
import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import io.undertow.Undertow;
import org.apache.catalina.startup.Tomcat;
import org.eclipse.jetty.server.Server;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Puts the embedded web server's request processing on virtual threads: Tomcat, Jetty or Undertow,
 * whichever the application runs. Each customizer is a {@code WebServerFactoryCustomizer}, so it also
 * reaches a server factory that the application declares itself, and each leaves alone an executor
 * that the application has set.
 */
@AutoConfiguration(after = VirtualThreadsAutoConfiguration.class)
@ConditionalOnWebApplication
@ConditionalOnVirtualThreads
public class VirtualThreadsWebServerAutoConfiguration {

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(Tomcat.class)
	@ConditionalOnMissingBootSupport(since = "3.2")
	static class TomcatConfiguration {

		@Bean
		@ConditionalOnMissingBean
		TomcatVirtualThreadsCustomizer tomcatVirtualThreadsCustomizer(VirtualThreadRegistry registry) {
			return new TomcatVirtualThreadsCustomizer(registry);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(Server.class)
	@ConditionalOnMissingBootSupport(since = "3.2")
	static class JettyConfiguration {

		@Bean
		@ConditionalOnMissingBean
		JettyVirtualThreadsCustomizer jettyVirtualThreadsCustomizer(VirtualThreadRegistry registry) {
			return new JettyVirtualThreadsCustomizer(registry);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(Undertow.class)
	@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
	@ConditionalOnMissingBootSupport(since = "3.4")
	static class UndertowConfiguration {

		@Bean
		@ConditionalOnMissingBean
		UndertowVirtualThreadsCustomizer undertowVirtualThreadsCustomizer(VirtualThreadRegistry registry) {
			return new UndertowVirtualThreadsCustomizer(registry);
		}

	}

	/**
	 * Boot 3.4 and 3.5 put Undertow's requests on virtual threads themselves but keep Undertow's buffer pool, whose
	 * per-thread caches a thread per request defeats: the starter adds the pool it uses on 3.1 to 3.3.
	 */
	@Configuration(proxyBeanMethods = false)
	// Boot 4 has no Undertow factory, even if an application brings Undertow itself.
	@ConditionalOnClass(value = Undertow.class,
			name = "org.springframework.boot.web.embedded.undertow.UndertowServletWebServerFactory")
	@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
	@ConditionalOnBootSupport(since = "3.4")
	static class UndertowBufferPoolConfiguration {

		@Bean
		@ConditionalOnMissingBean
		UndertowSharedBufferPoolCustomizer undertowSharedBufferPoolCustomizer() {
			return new UndertowSharedBufferPoolCustomizer();
		}

	}

}
