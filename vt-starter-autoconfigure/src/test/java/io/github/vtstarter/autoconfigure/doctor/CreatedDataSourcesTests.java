package io.github.vtstarter.autoconfigure.doctor;

import java.lang.reflect.Proxy;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Test;

import org.springframework.context.ApplicationContext;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.web.context.support.AnnotationConfigWebApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The contexts whose DataSources cannot be read: the URLs are unknown then, and every driver stays an alarm.
 */
class CreatedDataSourcesTests {

	@Test
	void theUrlsOfTheDataSourcesACreatedContextHolds() {
		try (GenericApplicationContext context = new GenericApplicationContext()) {
			context.registerBean("dataSource", HikariDataSource.class, () -> {
				HikariDataSource dataSource = new HikariDataSource();
				dataSource.setJdbcUrl("jdbc:h2:mem:app");
				return dataSource;
			});
			context.refresh();
			assertThat(CreatedDataSources.jdbcUrls(context).describe()).isEqualTo("jdbc:h2");
		}
	}

	@Test
	void aContextWithoutDataSourcesTellsNothing() {
		try (GenericApplicationContext context = new GenericApplicationContext()) {
			context.refresh();
			assertThat(CreatedDataSources.jdbcUrls(context).isKnown()).isFalse();
		}
	}

	@Test
	void aContextWhoseBeanFactoryCannotBeReadTellsNothing() {
		// Not refreshed: a refreshable context has no bean factory yet, and says so with an IllegalStateException.
		AnnotationConfigWebApplicationContext notRefreshed = new AnnotationConfigWebApplicationContext();
		assertThat(CreatedDataSources.jdbcUrls(notRefreshed).isKnown()).isFalse();
		ApplicationContext notConfigurable = (ApplicationContext) Proxy.newProxyInstance(getClass().getClassLoader(),
				new Class<?>[] { ApplicationContext.class }, (proxy, method, args) -> {
					throw new AssertionError("not to be called: " + method);
				});
		assertThat(CreatedDataSources.jdbcUrls(notConfigurable).isKnown()).isFalse();
	}

}
