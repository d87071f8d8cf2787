package io.github.vtstarter.autoconfigure.doctor;

import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import io.github.vtstarter.doctor.DataSourceUrls;
import io.github.vtstarter.doctor.JdbcUrlsInUse;

import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The JDBC URLs of the DataSources an application context has already created, for the dependency doctor. Only
 * what exists is read: creating a lazy DataSource from the doctor's thread would change the application, so a
 * DataSource bean that is not created yet (lazy, prototype, scoped, made by a {@code FactoryBean}) makes the URLs
 * unknown, and every JDBC driver counts as used.
 */
final class CreatedDataSources {

	private CreatedDataSources() {
	}

	static JdbcUrlsInUse jdbcUrls(ApplicationContext context) {
		if (!(context instanceof ConfigurableApplicationContext configurable)) {
			return JdbcUrlsInUse.unknown();
		}
		try {
			ConfigurableListableBeanFactory beans = configurable.getBeanFactory();
			List<Object> dataSources = new ArrayList<>();
			for (String name : beans.getBeanNamesForType(DataSource.class, true, false)) {
				Object bean = beans.containsSingleton(name) ? beans.getSingleton(name) : null;
				if (!(bean instanceof DataSource)) {
					return JdbcUrlsInUse.unknown();
				}
				dataSources.add(bean);
			}
			return DataSourceUrls.of(dataSources);
		}
		// A context closed meanwhile, a runtime image without java.sql: not known, so every driver counts as used.
		catch (RuntimeException | LinkageError ex) {
			return JdbcUrlsInUse.unknown();
		}
	}

}
