package io.github.vtstarter.autoconfigure.keepalive;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;

/**
 * Keeps the JVM alive from context refresh to close. Virtual threads are daemon threads: a non-web
 * application whose work runs only on them (say, {@code @Scheduled} methods) would otherwise exit as soon as
 * {@code main} returns. Boot 3.2 added {@code spring.main.keep-alive} for this but never turns it on by
 * itself; vt-starter turns it on while virtual threads are on, unless {@code spring.main.keep-alive=false}.
 * See {@link KeepAliveCondition} for who does what on each Boot version.
 */
@AutoConfiguration
@Conditional(KeepAliveCondition.class)
public class VirtualThreadsKeepAliveAutoConfiguration {

	@Bean
	static KeepAliveThread virtualThreadsKeepAlive() {
		return new KeepAliveThread();
	}

}
