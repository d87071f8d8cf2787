package io.github.vtstarter.autoconfigure.doctor;

import io.github.vtstarter.autoconfigure.ConditionalOnVirtualThreads;
import io.github.vtstarter.doctor.DependencyDoctor;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;

/**
 * The dependency doctor: at start-up, off the main thread, checks the class path against the catalogue of library
 * versions known to misbehave on virtual threads ({@code META-INF/vtstarter/dependency-advice.properties}, add
 * your own by the same name), one WARN per finding, listed in {@code /actuator/virtualthreads} under
 * {@code advice}. Only with virtual threads on; {@code vtstarter.doctor.enabled=false} turns it off.
 */
@AutoConfiguration
@ConditionalOnVirtualThreads
@ConditionalOnProperty(name = "vtstarter.doctor.enabled", matchIfMissing = true)
public class DependencyDoctorAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	public DependencyAdvice dependencyAdvice() {
		return new DependencyAdvice(new DependencyDoctor(DependencyDoctorAutoConfiguration.class.getClassLoader()));
	}

}
