package io.github.vtstarter.autoconfigure.web;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import io.github.vtstarter.autoconfigure.SpringVirtualThreadTaskExecutors;
import io.github.vtstarter.testsupport.EnabledWith.Runtime;
import io.github.vtstarter.testsupport.EnabledWith;
import io.undertow.Undertow;
import io.undertow.server.DefaultByteBufferPool;
import io.undertow.servlet.api.DeploymentInfo;
import org.junit.jupiter.api.Test;

import org.springframework.boot.web.embedded.undertow.UndertowServletWebServerFactory;
import org.springframework.test.util.ReflectionTestUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The customizer in the order Boot's Undertow factory applies customizers (the builder's, then the deployment's):
 * Boot 3.4+'s own virtual-thread executor gets the shared pool, an executor of the application's keeps Undertow's
 * pool. The whole path, with a running Undertow on Boot 3.5, is in {@code VirtualThreadsWebServerTests}.
 */
class UndertowSharedBufferPoolCustomizerTests {

	@Test
	@EnabledWith(Runtime.BOOT_NATIVE)
	void bootsVirtualThreadExecutorGetsTheSharedPool() throws Exception {
		// Spring Framework 6.1+ (Boot 3.2+): by name, so that this compiles against Boot 3.1 too.
		Object bootsExecutor = Class.forName(SpringVirtualThreadTaskExecutors.CLASS_NAME)
			.getConstructor(String.class)
			.newInstance("undertow-");
		Undertow.Builder builder = customizeWith((Executor) bootsExecutor);
		Object pool = ReflectionTestUtils.getField(builder, "byteBufferPool");
		assertThat(pool).isInstanceOf(DefaultByteBufferPool.class);
		assertThat(ReflectionTestUtils.getField(pool, "threadLocalCacheSize")).isEqualTo(0);
	}

	@Test
	void anExecutorOfTheApplicationsKeepsUndertowsOwnPool() throws Exception {
		ExecutorService own = Executors.newFixedThreadPool(1);
		try {
			assertThat(ReflectionTestUtils.getField(customizeWith(own), "byteBufferPool")).isNull();
		}
		finally {
			own.shutdown();
		}
	}

	@Test
	void theWorkerPoolKeepsUndertowsOwnPool() throws Exception {
		assertThat(ReflectionTestUtils.getField(customizeWith(null), "byteBufferPool")).isNull();
	}

	private static Undertow.Builder customizeWith(Executor executor) {
		UndertowServletWebServerFactory factory = new UndertowServletWebServerFactory();
		new UndertowSharedBufferPoolCustomizer().customize(factory);
		Undertow.Builder builder = Undertow.builder();
		factory.getBuilderCustomizers().forEach((customizer) -> customizer.customize(builder));
		DeploymentInfo deployment = new DeploymentInfo();
		if (executor != null) {
			deployment.setExecutor(executor);
		}
		factory.getDeploymentInfoCustomizers().forEach((customizer) -> customizer.customize(deployment));
		return builder;
	}

}
