package io.github.vtstarter.watchdog;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

import io.github.vtstarter.pinning.Eventually;
import io.github.vtstarter.pinning.TestJdk;
import io.github.vtstarter.threads.VirtualThreads;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link HeldCarrierFinder}: from a real thread dump, the virtual threads that hold a carrier now, with their stacks
 * (what the stall WARN and the starvation ERROR print): a running virtual thread is one, a parked one, a platform
 * thread and the watchdog's own probe are not; a thread that waits in {@code Object.wait()} inside
 * {@code synchronized} holds its carrier on Java 21-23 and lets it go from Java 24. Each thread the test starts
 * waits for an event (a latch, a state) before the dump is taken.
 */
@EnabledIf(TestJdk.VIRTUAL_THREADS)
class HeldCarrierFinderTests {

	private static final Duration WAIT = Duration.ofSeconds(30);

	private final AtomicBoolean stop = new AtomicBoolean();

	private final List<Thread> started = new ArrayList<>();

	@AfterEach
	void release() throws InterruptedException {
		this.stop.set(true);
		for (Thread thread : this.started) {
			LockSupport.unpark(thread);
			thread.interrupt();
			thread.join(WAIT.toMillis());
		}
	}

	@Test
	void aRunningVirtualThreadHoldsItsCarrierAndItsStackIsKeptUpToThirtyFrames() throws Exception {
		Thread spinner = spin(virtual("held-spinner-"), 40);
		HeldCarriers held = new HeldCarrierFinder().get();
		String tid = Long.toString(spinner.getId());
		assertThat(held.mounted()).contains(tid);
		ThreadStack stack = held.threads()
			.stream()
			.filter((thread) -> thread.name().startsWith("held-spinner-"))
			.findFirst()
			.orElseThrow(() -> new AssertionError("held-spinner not found in " + held.threads()));
		assertThat(stack.tid()).isEqualTo(tid);
		assertThat(stack.frames()).hasSize(HeldCarrierFinder.MAX_FRAMES);
		// The top of the stack is kept (the spin loop, maybe inside AtomicBoolean.get), not its bottom.
		assertThat(stack.frames().subList(0, 3)).anyMatch((frame) -> frame.contains("HeldCarrierFinderTests.spinAt"));
		assertThat(stack.frames()).noneMatch((frame) -> frame.contains("HeldCarrierFinderTests.lambda$spin$"));
	}

	@Test
	void aShortStackIsKeptWhole() throws Exception {
		spin(virtual("held-short-"), 0);
		HeldCarriers held = new HeldCarrierFinder().get();
		assertThat(held.threads()).filteredOn((thread) -> thread.name().startsWith("held-short-"))
			.singleElement()
			.satisfies((thread) -> assertThat(thread.frames()).hasSizeBetween(2, HeldCarrierFinder.MAX_FRAMES - 1)
				.anyMatch((frame) -> frame.contains("HeldCarrierFinderTests.spinAt")));
	}

	@Test
	void aParkedVirtualThreadHoldsNoCarrier() throws Exception {
		Thread parked = virtual("held-parked-").newThread(() -> {
			while (!this.stop.get()) {
				LockSupport.park();
			}
		});
		start(parked);
		Eventually.await(WAIT, () -> parked.getState() == Thread.State.WAITING);
		HeldCarriers held = new HeldCarrierFinder().get();
		assertThat(held.mounted()).as("held: %s", held.threads()).doesNotContain(Long.toString(parked.getId()));
		assertThat(held.threads()).noneMatch((thread) -> thread.name().startsWith("held-parked-"));
	}

	@Test
	void aPlatformThreadIsNoVirtualThreadHoldingACarrier() throws Exception {
		Thread platform = spin((task) -> {
			Thread thread = new Thread(task, "held-platform");
			thread.setDaemon(true);
			return thread;
		}, 0);
		HeldCarriers held = new HeldCarrierFinder().get();
		assertThat(held.mounted()).doesNotContain(Long.toString(platform.getId()));
		assertThat(held.threads()).noneMatch((thread) -> thread.name().equals("held-platform"));
	}

	@Test
	void aPlatformThreadStartedWhileTheDumpIsWrittenIsNoVirtualThreadHoldingACarrier() throws Exception {
		// As a carrier the pool adds while the dump is written: not among the platform threads' ids read before the
		// dump, alive in it, parked outside VirtualThread.park (JDK 21-23 would take it as mounted).
		List<Thread> late = new ArrayList<>();
		Supplier<Set<String>> ids = () -> {
			Set<String> known = HeldCarrierFinder.platformThreadIds();
			if (late.isEmpty()) {
				Thread thread = new Thread(() -> {
					while (!this.stop.get()) {
						LockSupport.park();
					}
				}, "held-late-platform");
				thread.setDaemon(true);
				start(thread);
				late.add(thread);
				Eventually.await(WAIT, () -> thread.getState() == Thread.State.WAITING);
			}
			return known;
		};
		HeldCarriers held = new HeldCarrierFinder(ids).get();
		assertThat(late).hasSize(1);
		assertThat(held.mounted()).doesNotContain(Long.toString(late.get(0).getId()));
		assertThat(held.threads()).noneMatch((thread) -> thread.name().equals("held-late-platform"));
	}

	@Test
	void theWatchdogsOwnProbeIsNotACulprit() throws Exception {
		Thread probe = spin(virtual(SchedulerWatchdog.PROBE_NAME + "-"), 0);
		HeldCarriers held = new HeldCarrierFinder().get();
		assertThat(held.mounted()).doesNotContain(Long.toString(probe.getId()));
		assertThat(held.threads()).noneMatch((thread) -> thread.name().startsWith(SchedulerWatchdog.PROBE_NAME));
	}

	@Test
	void aThreadWaitingInsideSynchronizedHoldsItsCarrierOnlyWhereSynchronizedPins() throws Exception {
		Object lock = new Object();
		Thread waiter = virtual("held-waiter-").newThread(() -> {
			synchronized (lock) {
				while (!this.stop.get()) {
					try {
						lock.wait();
					}
					catch (InterruptedException ex) {
						return;
					}
				}
			}
		});
		start(waiter);
		Eventually.await(WAIT, () -> waiter.getState() == Thread.State.WAITING);
		HeldCarriers held = new HeldCarrierFinder().get();
		boolean holds = held.threads().stream().anyMatch((thread) -> thread.name().startsWith("held-waiter-"));
		assertThat(holds).as("held on Java " + Runtime.version().feature()).isEqualTo(TestJdk.synchronizedPins());
		assertThat(held.mounted().contains(Long.toString(waiter.getId()))).isEqualTo(TestJdk.synchronizedPins());
	}

	private static ThreadFactory virtual(String namePrefix) {
		return VirtualThreads.namedFactory(namePrefix);
	}

	// Returns once the thread spins: a plain volatile write tells, not a latch, whose countDown() unparks the
	// waiter from inside the spinner, so that a dump taken at once could show the spinner in Unsafe.unpark.
	private Thread spin(ThreadFactory factory, int depth) throws InterruptedException {
		AtomicBoolean spinning = new AtomicBoolean();
		Thread thread = factory.newThread(() -> spinAt(depth, spinning, this.stop));
		start(thread);
		Eventually.await(WAIT, spinning::get);
		return thread;
	}

	private void start(Thread thread) {
		this.started.add(thread);
		thread.start();
	}

	private static void spinAt(int depth, AtomicBoolean spinning, AtomicBoolean stop) {
		if (depth > 0) {
			spinAt(depth - 1, spinning, stop);
			return;
		}
		spinning.set(true);
		while (!stop.get()) {
			Thread.onSpinWait();
		}
	}

}
