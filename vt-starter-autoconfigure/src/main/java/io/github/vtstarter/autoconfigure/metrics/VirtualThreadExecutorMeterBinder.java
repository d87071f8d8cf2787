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
 * e.g. {@code applicationTaskExecutor}), so that executor dashboards keep working after the switch. What each
 * says for a thread-per-task executor, where nothing is pooled:
 * <ul>
 * <li>{@code executor.active}: threads running a task now (every virtual thread runs exactly one);</li>
 * <li>{@code executor.pool.size}: the same number: the "pool" is the threads that exist now;</li>
 * <li>{@code executor.pool.core}: 0, no thread is kept when idle;</li>
 * <li>{@code executor.pool.max}: the concurrency limit, or {@link Integer#MAX_VALUE} without one (as Micrometer
 * reports a pool whose maximum is unbounded);</li>
 * <li>{@code executor.queued}: tasks handed over whose thread has not run yet, waiting for a carrier in the
 * virtual-thread scheduler's queue;</li>
 * <li>{@code executor.queue.remaining}: {@code Integer.MAX_VALUE - queued}: the scheduler's queue is unbounded
 * (what a {@code LinkedBlockingQueue} pool reports). Above a concurrency limit, tasks are not queued: the caller
 * waits for a slot (back-pressure), and does not show here;</li>
 * <li>{@code executor.completed}: tasks that have ended, normally or by an exception.</li>
 * </ul>
 * The peak and the failures are in {@code /actuator/virtualthreads}. Executors that appear after binding (a lazy
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
		Gauge.builder("executor.pool.core", stats, (s) -> 0)
			.tags(tags)
			.description("The core number of threads for the pool")
			.baseUnit(BaseUnits.THREADS)
			.register(registry);
		Gauge.builder("executor.pool.max", stats, VirtualThreadExecutorMeterBinder::max)
			.tags(tags)
			.description("The maximum allowed number of threads in the pool")
			.baseUnit(BaseUnits.THREADS)
			.register(registry);
		Gauge.builder("executor.queued", stats, VirtualThreadStats::getWaiting)
			.tags(tags)
			.description("The approximate number of tasks that are queued for execution")
			.baseUnit(BaseUnits.TASKS)
			.register(registry);
		Gauge.builder("executor.queue.remaining", stats, (s) -> Integer.MAX_VALUE - s.getWaiting())
			.tags(tags)
			.description("The number of additional elements that this queue can ideally accept without blocking")
			.baseUnit(BaseUnits.TASKS)
			.register(registry);
		FunctionCounter.builder("executor.completed", stats, (s) -> s.getCompleted() + s.getFailed())
			.tags(tags)
			.description("The approximate total number of tasks that have completed execution")
			.baseUnit(BaseUnits.TASKS)
			.register(registry);
	}

	private static double max(VirtualThreadStats stats) {
		int limit = stats.getConcurrencyLimit();
		return (limit > 0) ? limit : Integer.MAX_VALUE;
	}

}
