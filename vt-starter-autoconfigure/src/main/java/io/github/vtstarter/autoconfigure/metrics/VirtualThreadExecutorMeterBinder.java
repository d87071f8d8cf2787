package io.github.vtstarter.autoconfigure.metrics;

import io.github.vtstarter.threads.VirtualThreadRegistry;
import io.github.vtstarter.threads.VirtualThreadStats;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.BaseUnits;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * Meters for the starter's virtual-thread executors, named as Boot names the meters of its thread pools
 * (Micrometer's {@code ExecutorServiceMetrics}: {@code executor.*}, tag {@code name} = the executor's name,
 * e.g. {@code applicationTaskExecutor}), so that executor dashboards keep working after the switch:
 * <ul>
 * <li>{@code executor.active}: threads running a task now (every virtual thread runs exactly one);</li>
 * <li>{@code executor.pool.size}: threads in the "pool" now, the same number, since nothing is pooled;</li>
 * <li>{@code executor.completed}: tasks that have ended, normally or by an exception.</li>
 * </ul>
 * A thread-per-task executor has no queue and no core or maximum size, so the other {@code executor.*} meters
 * are not registered rather than reported as zeros that would mean something else. The peak and the failures
 * are in {@code /actuator/virtualthreads}. Executors that appear after binding (a lazy
 * {@code applicationTaskExecutor}) get their meters when they appear.
 */
public class VirtualThreadExecutorMeterBinder implements MeterBinder {

	private final VirtualThreadRegistry executors;

	public VirtualThreadExecutorMeterBinder(VirtualThreadRegistry executors) {
		this.executors = executors;
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		this.executors.forEachExecutor((stats) -> bind(stats, registry));
	}

	private static void bind(VirtualThreadStats stats, MeterRegistry registry) {
		Tags tags = Tags.of("name", stats.getName());
		Gauge.builder("executor.active", stats, VirtualThreadStats::getLive)
			.tags(tags)
			.description("The approximate number of threads that are actively executing tasks")
			.baseUnit(BaseUnits.THREADS)
			.register(registry);
		Gauge.builder("executor.pool.size", stats, VirtualThreadStats::getLive)
			.tags(tags)
			.description("The current number of threads in the pool")
			.baseUnit(BaseUnits.THREADS)
			.register(registry);
		FunctionCounter.builder("executor.completed", stats, (s) -> s.getCompleted() + s.getFailed())
			.tags(tags)
			.description("The approximate total number of tasks that have completed execution")
			.baseUnit(BaseUnits.TASKS)
			.register(registry);
	}

}
