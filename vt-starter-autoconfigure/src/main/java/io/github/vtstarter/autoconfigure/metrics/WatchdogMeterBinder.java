package io.github.vtstarter.autoconfigure.metrics;

import java.time.Duration;
import java.util.function.ToDoubleFunction;

import io.github.vtstarter.watchdog.WatchdogListener;
import io.github.vtstarter.watchdog.SchedulerWatchdog;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.BaseUnits;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * The scheduler watchdog as meters: timer {@code jvm.threads.virtual.scheduling.lag} (every probe's wait for a
 * carrier), counter {@code jvm.threads.virtual.scheduling.episodes} tagged {@code state} = {@code overload},
 * {@code stall} or {@code starvation} (what the lag episodes turned out to be), gauges
 * {@code jvm.threads.virtual.carriers} (carrier threads alive) and {@code jvm.threads.virtual.carriers.parallelism}.
 * The carrier gauges read -1 until the first virtual thread has run (no pool yet).
 */
public class WatchdogMeterBinder implements MeterBinder {

	/** The lag timer's name. */
	public static final String LAG = "jvm.threads.virtual.scheduling.lag";

	/** The episode counter's name. */
	public static final String EPISODES = "jvm.threads.virtual.scheduling.episodes";

	/** The carrier gauge's name. */
	public static final String CARRIERS = "jvm.threads.virtual.carriers";

	/** The parallelism gauge's name. */
	public static final String PARALLELISM = "jvm.threads.virtual.carriers.parallelism";

	private final SchedulerWatchdog watchdog;

	public WatchdogMeterBinder(SchedulerWatchdog watchdog) {
		this.watchdog = watchdog;
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		Timer lag = Timer.builder(LAG)
			.description("How long a virtual thread waits for a carrier (the scheduler watchdog's probe)")
			.register(registry);
		episodes(registry, "overload", SchedulerWatchdog::overloadEpisodes);
		episodes(registry, "stall", SchedulerWatchdog::stallEpisodes);
		episodes(registry, "starvation", SchedulerWatchdog::starvationEpisodes);
		Gauge.builder(CARRIERS, this.watchdog, (w) -> w.carriers().size())
			.description("Carrier threads of the virtual-thread scheduler (beyond parallelism: compensation)")
			.baseUnit(BaseUnits.THREADS)
			.register(registry);
		Gauge.builder(PARALLELISM, this.watchdog, (w) -> w.carriers().parallelism())
			.description("Parallelism of the virtual-thread scheduler")
			.baseUnit(BaseUnits.THREADS)
			.register(registry);
		this.watchdog.addListener(new WatchdogListener() {

			@Override
			public void probed(Duration duration) {
				lag.record(duration);
			}

		});
	}

	private void episodes(MeterRegistry registry, String state, ToDoubleFunction<SchedulerWatchdog> count) {
		FunctionCounter.builder(EPISODES, this.watchdog, count)
			.description("Scheduling-lag episodes by what they turned out to be (overload: work kept completing; "
					+ "stall: the same virtual threads held every carrier; starvation: a stall past the threshold)")
			.tag("state", state)
			.register(registry);
	}

}
