package io.github.vtstarter.autoconfigure.management;

import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import io.github.vtstarter.autoconfigure.DegradedFeatures;
import io.github.vtstarter.autoconfigure.InvalidVirtualThreadsPropertyException;
import io.github.vtstarter.pinning.TestJdk;
import io.github.vtstarter.threads.CountingExecutor;
import io.github.vtstarter.threads.VirtualThreadPerTaskExecutor;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.dynamic.loading.ClassLoadingStrategy;
import org.apache.coyote.ProtocolHandler;
import org.apache.coyote.http11.Http11NioProtocol;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.ThreadPool;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.web.embedded.jetty.JettyServletWebServerFactory;
import org.springframework.boot.web.embedded.tomcat.TomcatProtocolHandlerCustomizer;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.embedded.undertow.UndertowServletWebServerFactory;
import org.springframework.core.Ordered;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * {@link ManagementServerPlatformThreads}: the management server (its own port) runs on platform threads, so that
 * {@code /actuator/health} answers while the virtual-thread scheduler is starved. Each server's factory is
 * customized as Boot hands it to the management child context, after Boot's own customizers: Tomcat's connector
 * gets its own pool back when it runs virtual threads, Jetty its default {@code QueuedThreadPool}; an executor
 * or pool of platform threads is kept, Undertow is left alone, and a failure is one degraded feature, never a
 * failed start. (StarvationProcessTests shows the whole of it: health answering DOWN during a real starvation.)
 */
class ManagementServerFactoriesTests {

	private final VirtualThreadRegistry registry = new VirtualThreadRegistry();

	private ThreadPoolExecutor platformPool;

	@AfterEach
	void shutDown() {
		if (this.platformPool != null) {
			this.platformPool.shutdownNow();
		}
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS) // the starter's executor makes virtual threads: Java 21+
	void tomcatOnTheStartersVirtualThreadsGetsItsOwnPoolBack() {
		assertThat(executorAfterCustomizing(this.registry.executor("management", "management-"))).isNull();
		assertThat(executorAfterCustomizing(
				new CountingExecutor(Runnable::run, this.registry.stats("counted-management")))).isNull();
		assertThat(executorAfterCustomizing(new VirtualThreadPerTaskExecutor(Thread::new))).isNull();
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void tomcatOnBootsVirtualThreadExecutorGetsItsOwnPoolBack() throws Exception {
		String name = "org.apache.tomcat.util.threads.VirtualThreadExecutor";
		assumeThat(ClassUtils.isPresent(name, null)).as("Tomcat 10.1.x with VirtualThreadExecutor").isTrue();
		Executor bootsExecutor = (Executor) Class.forName(name).getConstructor(String.class).newInstance("tomcat-");
		assertThat(executorAfterCustomizing(bootsExecutor)).isNull();
	}

	@Test
	void tomcatOnPlatformThreadsIsLeftAsItIs() {
		this.platformPool = new ThreadPoolExecutor(1, 1, 1, TimeUnit.SECONDS, new LinkedBlockingQueue<>());
		assertThat(executorAfterCustomizing(this.platformPool)).isSameAs(this.platformPool);
		assertThat(executorAfterCustomizing(null)).isNull();
	}

	@Test
	void tomcatIsCustomizedOnlyWhenSwitchedOn() {
		TomcatServletWebServerFactory factory = new TomcatServletWebServerFactory();
		new ManagementServerPlatformThreads(false).customize(factory);
		assertThat(factory.getTomcatProtocolHandlerCustomizers()).isEmpty();
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void jettyOnVirtualThreadsGetsItsDefaultPoolBack() {
		JettyServletWebServerFactory factory = new JettyServletWebServerFactory();
		QueuedThreadPool pool = new QueuedThreadPool();
		pool.setVirtualThreadsExecutor(this.registry.executor("jetty-management", "jetty-"));
		factory.setThreadPool(pool);
		new ManagementServerPlatformThreads(true).customize(factory);
		assertThat(factory.getThreadPool()).as("null: the factory creates Jetty's default pool").isNull();
	}

	@Test
	void jettyOnPlatformThreadsIsLeftAsItIs() {
		JettyServletWebServerFactory factory = new JettyServletWebServerFactory();
		QueuedThreadPool pool = new QueuedThreadPool();
		factory.setThreadPool(pool);
		new ManagementServerPlatformThreads(true).customize(factory);
		assertThat(factory.getThreadPool()).isSameAs(pool);
		JettyServletWebServerFactory withDefaultPool = new JettyServletWebServerFactory();
		new ManagementServerPlatformThreads(true).customize(withDefaultPool);
		assertThat(withDefaultPool.getThreadPool()).isNull();
	}

	@Test
	void jettyWithAPoolThatIsNotJettysIsLeftAsItIs() {
		JettyServletWebServerFactory factory = new JettyServletWebServerFactory();
		ThreadPool pool = new OtherThreadPool();
		factory.setThreadPool(pool);
		new ManagementServerPlatformThreads(true).customize(factory);
		assertThat(factory.getThreadPool()).isSameAs(pool);
	}

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void jettyIsCustomizedOnlyWhenSwitchedOn() {
		JettyServletWebServerFactory factory = new JettyServletWebServerFactory();
		QueuedThreadPool pool = new QueuedThreadPool();
		pool.setVirtualThreadsExecutor(this.registry.executor("jetty-management-off", "jetty-"));
		factory.setThreadPool(pool);
		new ManagementServerPlatformThreads(false).customize(factory);
		assertThat(factory.getThreadPool()).isSameAs(pool);
	}

	@Test
	void jetty12sVirtualThreadPoolOfBoot4IsReplacedByTheDefaultPool() throws Exception {
		// Boot 4 gives Jetty 12 a VirtualThreadPool, whose executor exists only once the pool starts: its class
		// says it. With Boot 3.1's Jetty 11, Jetty 12's class is not on the class path, so a class of that name
		// stands in for it; with Boot 3.2+ (Jetty 12) the real one is used.
		Object virtualThreadPool;
		try {
			virtualThreadPool = Class.forName("org.eclipse.jetty.util.thread.VirtualThreadPool")
				.getConstructor()
				.newInstance();
		}
		catch (ClassNotFoundException ex) {
			virtualThreadPool = new ByteBuddy().subclass(Object.class)
				.name("org.eclipse.jetty.util.thread.VirtualThreadPool")
				.make()
				.load(getClass().getClassLoader(), ClassLoadingStrategy.Default.WRAPPER)
				.getLoaded()
				.getConstructor()
				.newInstance();
		}
		Boot4JettyFactory factory = new Boot4JettyFactory(virtualThreadPool);
		new ManagementServerPlatformThreads(true).customize(factory);
		assertThat(factory.threadPool).isNull();
		Boot4JettyFactory onPlatformThreads = new Boot4JettyFactory(new Object());
		new ManagementServerPlatformThreads(true).customize(onPlatformThreads);
		assertThat(onPlatformThreads.threadPool).isNotNull();
	}

	@Test
	void undertowIsLeftAlone() {
		UndertowServletWebServerFactory factory = new UndertowServletWebServerFactory();
		new ManagementServerPlatformThreads(true).customize(factory);
		assertThat(factory.getDeploymentInfoCustomizers()).isEmpty();
		assertThat(factory.getBuilderCustomizers()).isEmpty();
	}

	@Test
	void aFactoryThatRefusesTheCustomizerIsOneDegradedFeatureNotAFailedStart() {
		new ManagementServerPlatformThreads(true).customize(new RefusingTomcatFactory());
		assertThat(DegradedFeatures.all()).containsKey("keeping the management server on platform threads");
	}

	@Test
	void runsAfterBootsOwnCustomizersWhichPutTheServerOnVirtualThreads() {
		assertThat(new ManagementServerPlatformThreads(true).getOrder()).isEqualTo(Ordered.LOWEST_PRECEDENCE);
	}

	@Test
	void theSwitchIsReadAsBootReadsBooleans() {
		ApplicationContextRunner runner = new ApplicationContextRunner()
			.withUserConfiguration(ManagementServerPlatformThreadsConfiguration.class);
		runner.run((context) -> assertThat(customizes(context.getBean(ManagementServerPlatformThreads.class)))
			.isTrue());
		runner.withPropertyValues("vtstarter.management.platform-threads=true")
			.run((context) -> assertThat(customizes(context.getBean(ManagementServerPlatformThreads.class)))
				.isTrue());
		runner.withPropertyValues("vtstarter.management.platform-threads=off")
			.run((context) -> assertThat(customizes(context.getBean(ManagementServerPlatformThreads.class)))
				.isFalse());
		runner.withPropertyValues("vtstarter.management.platform-threads=false")
			.run((context) -> assertThat(context).doesNotHaveBean(ManagementServerPlatformThreads.class));
		runner.withPropertyValues("vtstarter.management.platform-threads=maybe")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.isInstanceOf(InvalidVirtualThreadsPropertyException.class)
				.hasMessageContaining("vtstarter.management.platform-threads"));
	}

	private static boolean customizes(ManagementServerPlatformThreads customizer) {
		TomcatServletWebServerFactory factory = new TomcatServletWebServerFactory();
		customizer.customize(factory);
		return !factory.getTomcatProtocolHandlerCustomizers().isEmpty();
	}

	@SuppressWarnings({ "unchecked", "rawtypes" })
	private static Executor executorAfterCustomizing(Executor executor) {
		TomcatServletWebServerFactory factory = new TomcatServletWebServerFactory();
		new ManagementServerPlatformThreads(true).customize(factory);
		assertThat(factory.getTomcatProtocolHandlerCustomizers()).hasSize(1);
		Http11NioProtocol protocol = new Http11NioProtocol();
		protocol.setExecutor(executor);
		for (TomcatProtocolHandlerCustomizer customizer : factory.getTomcatProtocolHandlerCustomizers()) {
			customizer.customize(protocol);
		}
		ProtocolHandler handler = protocol;
		return handler.getExecutor();
	}

	/** A Jetty factory as Boot 4's: its pool is typed by Jetty 12's classes, reached by reflection. */
	public static class Boot4JettyFactory implements org.springframework.boot.web.server.WebServerFactory {

		Object threadPool;

		Boot4JettyFactory(Object threadPool) {
			this.threadPool = threadPool;
		}

		public Object getThreadPool() {
			return this.threadPool;
		}

		public void setThreadPool(Object threadPool) {
			this.threadPool = threadPool;
		}

	}

	/** A Tomcat factory whose customizer method fails, as a changed Boot could. */
	public static class RefusingTomcatFactory implements org.springframework.boot.web.server.WebServerFactory {

		public void addProtocolHandlerCustomizers(TomcatProtocolHandlerCustomizer<?>... customizers) {
			throw new IllegalStateException("customizers are frozen");
		}

	}

	static class OtherThreadPool implements ThreadPool {

		@Override
		public void execute(Runnable command) {
			command.run();
		}

		@Override
		public void join() {
		}

		@Override
		public int getThreads() {
			return 0;
		}

		@Override
		public int getIdleThreads() {
			return 0;
		}

		@Override
		public boolean isLowOnThreads() {
			return false;
		}

	}

}
