package io.github.vtstarter.autoconfigure.watchdog;

import io.github.vtstarter.watchdog.SchedulerWatchdog;

import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;

/**
 * {@code virtualThreads} on Boot 3 ({@code org.springframework.boot.actuate.health}): DOWN while the
 * virtual-thread scheduler is starved. Not in any health group unless the application adds it, for example to
 * liveness: {@code management.endpoint.health.group.liveness.include=livenessState,virtualThreads}.
 */
public class VirtualThreadsHealthIndicator implements HealthIndicator {

	private final SchedulerWatchdog watchdog;

	public VirtualThreadsHealthIndicator(SchedulerWatchdog watchdog) {
		this.watchdog = watchdog;
	}

	@Override
	public Health health() {
		Health.Builder builder = WatchdogHealth.up(this.watchdog) ? Health.up() : Health.down();
		return builder.withDetails(WatchdogHealth.details(this.watchdog)).build();
	}

}
