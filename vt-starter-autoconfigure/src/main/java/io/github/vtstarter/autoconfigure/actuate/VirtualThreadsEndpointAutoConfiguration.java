package io.github.vtstarter.autoconfigure.actuate;

import io.github.vtstarter.autoconfigure.doctor.DependencyDoctorAutoConfiguration;
import io.github.vtstarter.autoconfigure.doctor.DependencyDoctorReport;
import io.github.vtstarter.autoconfigure.pinning.PinningAutoConfiguration;
import io.github.vtstarter.autoconfigure.pinning.PinningProperties;
import io.github.vtstarter.autoconfigure.threads.VirtualThreadsAutoConfiguration;
import io.github.vtstarter.autoconfigure.watchdog.WatchdogAutoConfiguration;
import io.github.vtstarter.pinning.PinningMonitor;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import io.github.vtstarter.watchdog.SchedulerWatchdog;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * The {@code virtualthreads} actuator endpoint. Present whenever the actuator is, also on Java 17 or with
 * virtual threads off, where it says so ({@code mode}); exposed over HTTP or JMX only as Boot's exposure
 * properties allow ({@code management.endpoints.web.exposure.include=virtualthreads}).
 */
@AutoConfiguration(after = { VirtualThreadsAutoConfiguration.class, PinningAutoConfiguration.class,
		WatchdogAutoConfiguration.class, DependencyDoctorAutoConfiguration.class })
@ConditionalOnClass(Endpoint.class)
@ConditionalOnAvailableEndpoint(endpoint = VirtualThreadsEndpoint.class)
@EnableConfigurationProperties({ PinningProperties.class, DumpProperties.class })
public class VirtualThreadsEndpointAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	public VirtualThreadsEndpoint virtualThreadsEndpoint(ObjectProvider<VirtualThreadRegistry> registry,
			ObjectProvider<PinningMonitor> monitor, PinningProperties pinningProperties, Environment environment,
			ObjectProvider<SchedulerWatchdog> watchdog, ObjectProvider<DependencyDoctorReport> advice,
			DumpProperties dumpProperties) {
		dumpProperties.validate();
		VirtualThreadsEndpoint endpoint = new VirtualThreadsEndpoint(registry.getIfAvailable(),
				monitor.getIfAvailable(), pinningProperties, environment, watchdog.getIfAvailable());
		endpoint.setDependencyAdvice(advice.getIfAvailable());
		endpoint.setDumpProperties(dumpProperties);
		return endpoint;
	}

}
