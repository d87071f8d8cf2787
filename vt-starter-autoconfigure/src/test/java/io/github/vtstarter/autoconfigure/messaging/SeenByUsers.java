package io.github.vtstarter.autoconfigure.messaging;

import java.util.Map;

import io.github.vtstarter.autoconfigure.actuate.VirtualThreadsEndpoint;
import io.github.vtstarter.autoconfigure.metrics.VirtualThreadExecutorMeterBinder;
import io.github.vtstarter.autoconfigure.pinning.PinningProperties;
import io.github.vtstarter.threads.VirtualThreadRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a user reads about a messaging executor: its entry in {@code /actuator/virtualthreads} and its
 * {@code executor.*} meters, built from the application's registry as the endpoint and the meters are.
 */
public final class SeenByUsers {

	private SeenByUsers() {
	}

	/**
	 * Asserts that the endpoint lists the executor with at least the given started count, and that the
	 * {@code executor.active} meter exists under its name.
	 * @param registry the application's registry
	 * @param name the executor's name
	 * @param started the least started count
	 */
	@SuppressWarnings("unchecked")
	public static void assertCounted(VirtualThreadRegistry registry, String name, long started) {
		Map<String, Object> body = new VirtualThreadsEndpoint(registry, null, new PinningProperties(),
				new MockEnvironment())
			.virtualThreads();
		Map<String, Object> executors = (Map<String, Object>) body.get("executors");
		assertThat(executors).containsKey(name);
		assertThat((Map<String, Object>) executors.get(name)).hasEntrySatisfying("started",
				(value) -> assertThat(((Number) value).longValue()).isGreaterThanOrEqualTo(started));
		SimpleMeterRegistry meters = new SimpleMeterRegistry();
		new VirtualThreadExecutorMeterBinder(registry).bindTo(meters);
		assertThat(meters.find("executor.active").tag("name", name).gauge()).isNotNull();
	}

}
