package io.github.vtstarter.autoconfigure.keepalive;

import io.github.vtstarter.autoconfigure.BooleanProperty;
import io.github.vtstarter.autoconfigure.keepalive.KeepAliveThread.Start;
import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.threads.VirtualThreadRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.env.Environment;

/**
 * Keeps the JVM alive while the context runs. Virtual threads are daemon threads: a non-web application whose
 * work runs only on them (say, {@code @Scheduled} methods) would otherwise exit as soon as {@code main} returns,
 * where Boot 3.1's non-daemon pool threads kept it running. Boot 3.2 added {@code spring.main.keep-alive} for
 * this but never turns it on by itself; vt-starter turns it on while virtual threads are on, for the
 * applications that need it ({@link Start#WHEN_BACKGROUND_WORK}), unless {@code spring.main.keep-alive=false}.
 * See {@link KeepAliveCondition} for who does what on each Boot version.
 */
@AutoConfiguration(after = VirtualThreadsAutoConfiguration.class)
@Conditional(KeepAliveCondition.class)
public class VirtualThreadsKeepAliveAutoConfiguration {

	@Bean
	static KeepAliveThread virtualThreadsKeepAlive(Environment environment,
			ObjectProvider<VirtualThreadRegistry> registry) {
		Start start = Boolean.TRUE.equals(BooleanProperty.read(environment, KeepAliveCondition.PROPERTY))
				? Start.ON_REFRESH : Start.WHEN_BACKGROUND_WORK;
		return new KeepAliveThread(start, registry);
	}

}
