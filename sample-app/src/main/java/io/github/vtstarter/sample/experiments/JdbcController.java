package io.github.vtstarter.sample.experiments;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

import javax.sql.DataSource;

import org.springframework.beans.factory.InitializingBean;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The JDBC shape ({@code SELECT pg_sleep(0.05)} plus about 10 ms of CPU, through HikariCP): on PostgreSQL
 * with the {@code postgres} profile, on the embedded H2 otherwise, where {@code PG_SLEEP} is an alias of
 * {@link #pgSleep(double)} so that the same SQL waits the same 50 ms inside the driver call.
 */
@RestController
public class JdbcController implements InitializingBean {

	private final DataSource dataSource;

	private final JdbcTemplate jdbc;

	public JdbcController(DataSource dataSource) {
		this.dataSource = dataSource;
		this.jdbc = new JdbcTemplate(dataSource);
	}

	@Override
	public void afterPropertiesSet() throws SQLException {
		CpuWork.unitsPerMs(); // calibrates now, on this platform thread, not on the first request
		try (Connection connection = this.dataSource.getConnection()) {
			if (connection.getMetaData().getDatabaseProductName().toLowerCase().contains("h2")) {
				try (Statement statement = connection.createStatement()) {
					statement.execute("CREATE ALIAS IF NOT EXISTS PG_SLEEP FOR '" + JdbcController.class.getName()
							+ ".pgSleep'");
				}
			}
		}
	}

	/**
	 * Waits in the database, then burns CPU in the application.
	 * @param sleep seconds the database waits ({@code pg_sleep})
	 * @param cpuMs milliseconds of CPU the request then burns
	 * @return a short text line
	 */
	@GetMapping("/jdbc")
	public String jdbc(@RequestParam(defaultValue = "0.05") double sleep, @RequestParam(defaultValue = "10") double cpuMs) {
		double bounded = Math.max(0, Math.min(sleep, 10));
		this.jdbc.queryForList("SELECT pg_sleep(?)", bounded);
		CpuWork.burn(cpuMs);
		return Experiments.describe(Thread.currentThread(), "db");
	}

	/**
	 * H2's stand-in for PostgreSQL's {@code pg_sleep}.
	 * @param seconds how long to wait
	 * @return {@code 0}
	 */
	public static int pgSleep(double seconds) throws InterruptedException {
		Thread.sleep((long) (seconds * 1000));
		return 0;
	}

}
