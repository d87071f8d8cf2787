package io.github.vtstarter.autoconfigure.doctor;

import io.github.vtstarter.autoconfigure.BooleanProperty;
import io.github.vtstarter.autoconfigure.condition.ConditionalOnVirtualThreads;
import io.github.vtstarter.doctor.Catalogue;
import io.github.vtstarter.doctor.DependencyDoctor;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * The dependency doctor: at start-up, off the main thread, checks the class path against the catalogue of library
 * versions known to misbehave on virtual threads ({@value Catalogue#RESOURCE}, add your own by the same name), for
 * the running Java; one WARN per finding (an INFO for a JDBC driver no DataSource of the application connects
 * through), listed in {@code /actuator/virtualthreads} under {@code advice}; an entry's {@code unless} reads the
 * starter's own choices where the application set nothing ({@link UnlessProperties}). Only with virtual threads on;
 * {@code vtstarter.doctor.enabled=false} turns it off.
 */
@AutoConfiguration
@ConditionalOnVirtualThreads
@ConditionalOnProperty(name = DependencyDoctorAutoConfiguration.ENABLED, matchIfMissing = true)
public class DependencyDoctorAutoConfiguration {

	/** The switch. */
	public static final String ENABLED = "vtstarter.doctor.enabled";

	@Bean
	@ConditionalOnMissingBean
	public DependencyDoctorReport dependencyDoctorReport(Environment environment, ApplicationContext context) {
		// The condition above only tells "false" from anything else: read the value as Boot reads booleans, so that
		// "off" is off and a typo fails the start, naming the property.
		boolean enabled = !Boolean.FALSE.equals(BooleanProperty.read(environment, ENABLED));
		// The application's class loader (never null: a context falls back to the default one).
		DependencyDoctor doctor = new DependencyDoctor(context.getClassLoader(), new UnlessProperties(environment));
		// The DataSources are read on the doctor's thread, once the context has created them.
		return new DependencyDoctorReport(() -> doctor.examine(CreatedDataSources.jdbcUrls(context)), enabled);
	}

}
