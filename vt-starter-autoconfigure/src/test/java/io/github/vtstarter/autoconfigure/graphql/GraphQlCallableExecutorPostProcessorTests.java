package io.github.vtstarter.autoconfigure.graphql;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;

import graphql.ExecutionResult;
import io.github.vtstarter.autoconfigure.BootVersion;
import io.github.vtstarter.autoconfigure.DegradedFeatures;
import io.github.vtstarter.autoconfigure.task.VirtualThreadsTaskExecutionAutoConfiguration;
import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.pinning.Eventually;
import io.github.vtstarter.testsupport.Precondition;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import io.github.vtstarter.threads.VirtualThreadStats;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.graphql.GraphQlAutoConfiguration;
import org.springframework.boot.autoconfigure.task.TaskExecutionAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.graphql.data.method.annotation.QueryMapping;
import org.springframework.graphql.data.method.annotation.support.AnnotatedControllerConfigurer;
import org.springframework.graphql.execution.GraphQlSource;
import org.springframework.stereotype.Controller;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A real Spring for GraphQL schema and controller: a {@code @QueryMapping} method that returns a
 * {@link Callable} runs on a virtual thread of the application's executor on every Boot line (the starter's
 * post-processor on 3.1, Boot itself from 3.2); switched off, Boot 3.1 is left as it is; a configurer with an
 * executor of its own keeps it; without an {@code applicationTaskExecutor} bean nothing is set, as on Boot 3.2.
 */
@Precondition(Precondition.VirtualThreads.class)
class GraphQlCallableExecutorPostProcessorTests {

	private static final boolean BOOT_WIRES_IT = BootVersion.current().hasNativeVirtualThreads();

	private static final String DEGRADED_KEY = GraphQlCallableExecutorPostProcessor.FEATURE
			+ " (annotatedControllerConfigurer)";

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(VirtualThreadsAutoConfiguration.class,
				VirtualThreadsTaskExecutionAutoConfiguration.class, TaskExecutionAutoConfiguration.class,
				VirtualThreadsGraphQlAutoConfiguration.class, GraphQlAutoConfiguration.class))
		.withUserConfiguration(ThreadController.class)
		.withPropertyValues("spring.graphql.schema.locations=classpath:vtstarter-graphql/");

	@Test
	void aCallableQueryMethodRunsOnAVirtualThreadOfTheApplicationExecutor() {
		this.runner.withPropertyValues("spring.threads.virtual.enabled=true").run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(context.getBeansOfType(GraphQlCallableExecutorPostProcessor.class)).hasSize(BOOT_WIRES_IT ? 0 : 1);
			String thread = queryThread(context);
			assertThat(thread).startsWith("VirtualThread[").contains("task-");
			if (!BOOT_WIRES_IT) {
				// Counted once the task has ended, just after it hands its value over.
				VirtualThreadStats stats = context.getBean(VirtualThreadRegistry.class).stats("applicationTaskExecutor");
				Eventually.await(Duration.ofSeconds(10), () -> stats.getCompleted() >= 1);
			}
			assertThat(DegradedFeatures.all()).doesNotContainKey(DEGRADED_KEY);
		});
	}

	@Test
	void switchedOffBootIsLeftAsItIs() {
		this.runner.withPropertyValues("spring.threads.virtual.enabled=false").run((context) -> {
			assertThat(context).doesNotHaveBean(GraphQlCallableExecutorPostProcessor.class);
			if (BOOT_WIRES_IT) {
				assertThat(queryThread(context)).startsWith("Thread[").contains("task-");
			}
			else {
				// What Boot 3.1 does without the starter: no executor, so the method fails.
				assertThat(String.valueOf(execute(context).getErrors())).contains("INTERNAL_ERROR");
			}
		});
	}

	@Test
	void aConfigurerWithAnExecutorOfItsOwnKeepsIt() {
		this.runner.withPropertyValues("spring.threads.virtual.enabled=true")
			.withUserConfiguration(OwnConfigurer.class)
			.run((context) -> assertThat(queryThread(context)).startsWith("Thread[").contains("mine-"));
	}

	@Test
	void withAnExecutorOfTheApplicationsUnderAnotherNameNothingIsSetAsOnBoot32() {
		// Boot's applicationTaskExecutor, and the starter's, back off for any Executor bean; Boot 3.2+ then gives
		// its configurer no executor, and so does the starter.
		this.runner.withPropertyValues("spring.threads.virtual.enabled=true")
			.withUserConfiguration(OwnExecutor.class)
			.run((context) -> {
				assertThat(context).doesNotHaveBean("applicationTaskExecutor");
				assertThat(String.valueOf(execute(context).getErrors())).contains("INTERNAL_ERROR");
				// Nothing to give is no failure: no WARN, nothing degraded.
				assertThat(DegradedFeatures.all()).doesNotContainKey(DEGRADED_KEY);
			});
	}

	private static String queryThread(ApplicationContext context) {
		ExecutionResult result = execute(context);
		assertThat(result.getErrors()).isEmpty();
		Map<String, Object> data = result.getData();
		return (String) data.get("thread");
	}

	private static ExecutionResult execute(ApplicationContext context) {
		return context.getBean(GraphQlSource.class).graphQl().execute("{ thread }");
	}

	@Controller
	static class ThreadController {

		@QueryMapping
		Callable<String> thread() {
			return () -> Thread.currentThread().toString();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class OwnExecutor {

		@Bean
		SimpleAsyncTaskExecutor myExecutor() {
			return new SimpleAsyncTaskExecutor("mine-");
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class OwnConfigurer {

		@Bean
		AnnotatedControllerConfigurer annotatedControllerConfigurer() {
			AnnotatedControllerConfigurer configurer = new AnnotatedControllerConfigurer();
			configurer.setExecutor(new SimpleAsyncTaskExecutor("mine-"));
			return configurer;
		}

	}

}
