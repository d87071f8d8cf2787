package io.github.vtstarter.doctor;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Reads the JDBC URL of DataSource objects without knowing their types at compile time, by the getters the common
 * ones have: {@code getJdbcUrl()} (HikariCP), {@code getUrl()} (Tomcat JDBC, DBCP2, Spring's driver-based
 * DataSources, the drivers' own), {@code getURL()} (Oracle UCP, H2); through wrappers that expose their target
 * ({@code getTargetDataSource()} of Spring's {@code DelegatingDataSource}, {@code getDataSource()}). Nothing
 * connects: only getters are called.
 */
public final class DataSourceUrls {

	private static final List<String> URL_GETTERS = List.of("getJdbcUrl", "getUrl", "getURL");

	private static final List<String> TARGET_GETTERS = List.of("getTargetDataSource", "getDataSource");

	private static final int MAX_WRAPPERS = 4;

	private DataSourceUrls() {
	}

	/**
	 * The URLs of an application's DataSources.
	 * @param dataSources every DataSource of the application
	 * @return their URLs, or unknown when there is none or the URL of one cannot be read
	 */
	public static JdbcUrlsInUse of(Collection<?> dataSources) {
		if (dataSources.isEmpty()) {
			return JdbcUrlsInUse.unknown();
		}
		List<String> urls = new ArrayList<>();
		for (Object dataSource : dataSources) {
			String url = urlOf(dataSource, 0);
			if (url == null) {
				return JdbcUrlsInUse.unknown();
			}
			urls.add(url);
		}
		return JdbcUrlsInUse.of(urls);
	}

	private static String urlOf(Object dataSource, int depth) {
		if (dataSource == null || depth > MAX_WRAPPERS) {
			return null;
		}
		for (String getter : URL_GETTERS) {
			if (get(dataSource, getter) instanceof String url && !url.isBlank()) {
				return url;
			}
		}
		for (String getter : TARGET_GETTERS) {
			Object target = get(dataSource, getter);
			if (target != null && target != dataSource) {
				return urlOf(target, depth + 1);
			}
		}
		return null;
	}

	private static Object get(Object object, String getter) {
		try {
			Method method = object.getClass().getMethod(getter);
			return (method.getParameterCount() == 0) ? method.invoke(object) : null;
		}
		// No such getter, a class the getter cannot be called on (not public), or a getter that throws: no answer.
		catch (ReflectiveOperationException | RuntimeException | LinkageError ex) {
			return null;
		}
	}

}
