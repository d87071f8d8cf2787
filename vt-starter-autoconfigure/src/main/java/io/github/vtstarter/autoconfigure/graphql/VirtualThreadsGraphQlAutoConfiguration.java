package io.github.vtstarter.autoconfigure.graphql;

import io.github.vtstarter.autoconfigure.condition.ConditionalOnMissingBootSupport;
import io.github.vtstarter.autoconfigure.condition.ConditionalOnVirtualThreads;
import io.github.vtstarter.autoconfigure.task.VirtualThreadsTaskExecutionAutoConfiguration;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;

/**
 * Spring for GraphQL's {@code Callable} controller methods on the application's virtual-thread executor on
 * Boot 3.1 (see {@link GraphQlCallableExecutorPostProcessor}). Boot 3.2+ wires its configurer with
 * {@code applicationTaskExecutor} itself, so this steps aside there.
 */
@AutoConfiguration(after = VirtualThreadsTaskExecutionAutoConfiguration.class)
@ConditionalOnClass(name = "org.springframework.graphql.data.method.annotation.support.AnnotatedControllerConfigurer")
@ConditionalOnVirtualThreads
@ConditionalOnMissingBootSupport(since = "3.2")
public class VirtualThreadsGraphQlAutoConfiguration {

	@Bean
	static GraphQlCallableExecutorPostProcessor graphQlCallableExecutorPostProcessor(BeanFactory beanFactory) {
		return new GraphQlCallableExecutorPostProcessor(beanFactory);
	}

}
