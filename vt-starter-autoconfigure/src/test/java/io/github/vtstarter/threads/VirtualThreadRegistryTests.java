package io.github.vtstarter.threads;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import io.github.vtstarter.pinning.TestJdk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * What the registry gives the endpoint, the meters and keep-alive: counted executors and thread factories, and
 * the first-task signal that keep-alive waits for.
 */
class VirtualThreadRegistryTests {

	@Test
	@EnabledIf(TestJdk.VIRTUAL_THREADS)
	void aServerExecutorRunsEachTaskOnANewCountedVirtualThreadNumberedFromZero() throws Exception {
		VirtualThreadRegistry registry = new VirtualThreadRegistry();
		Executor executor = registry.executor("server", "server-");
		AtomicReference<Thread> ran = new AtomicReference<>();
		CountDownLatch done = new CountDownLatch(1);
		executor.execute(() -> {
			ran.set(Thread.currentThread());
			done.countDown();
		});
		assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
		assertThat(VirtualThreads.isVirtual(ran.get())).isTrue();
		assertThat(ran.get().getName()).isEqualTo("server-0");
		assertThat(registry.all()).singleElement().extracting(VirtualThreadStats::getStarted).isEqualTo(1L);
		assertThat(registry.stats("server")).isSameAs(registry.all().iterator().next());
	}

	@Test
	void isVirtualIsFalseForAPlatformThread() {
		assertThat(VirtualThreads.isVirtual(Thread.currentThread())).isFalse();
		assertThat(VirtualThreads.unsupportedMessage())
			.isEqualTo("Virtual threads need Java 21 or later; this is Java " + Runtime.version().feature());
	}

	@Test
	void aCountingExecutorCountsWhatItsDelegateRuns() {
		VirtualThreadStats stats = new VirtualThreadStats("delegated");
		List<Runnable> handedOn = new ArrayList<>();
		CountingExecutor executor = new CountingExecutor(handedOn::add, stats);
		AtomicInteger runs = new AtomicInteger();
		executor.execute(runs::incrementAndGet);
		assertThat(stats.getWaiting()).as("handed on, not yet run").isEqualTo(1);
		handedOn.forEach(Runnable::run);
		assertThat(runs).hasValue(1);
		assertThat(stats.getStarted()).isEqualTo(1);
		assertThat(stats.getCompleted()).isEqualTo(1);
		assertThat(executor.toString()).startsWith("CountingExecutor[delegated -> ");
		assertThat(executor.getDelegate()).isNotNull();
	}

	@Test
	void theFirstTaskSignalFiresOnceForAnActionAddedBeforeTheExecutorExists() {
		VirtualThreadRegistry registry = new VirtualThreadRegistry();
		AtomicInteger fired = new AtomicInteger();
		registry.whenFirstTaskSubmitted("later", fired::incrementAndGet);
		assertThat(registry.all()).as("the action registers no executor").isEmpty();
		VirtualThreadStats stats = registry.stats("later");
		assertThat(fired).as("no task yet").hasValue(0);
		stats.track(() -> {
		});
		assertThat(fired).hasValue(1);
		stats.track(() -> {
		});
		assertThat(fired).as("only the first task").hasValue(1);
	}

	@Test
	void theFirstTaskSignalFiresForAnActionAddedToAnExecutorAlreadyRegistered() {
		VirtualThreadRegistry registry = new VirtualThreadRegistry();
		VirtualThreadStats stats = registry.stats("early");
		AtomicInteger beforeUse = new AtomicInteger();
		registry.whenFirstTaskSubmitted("early", beforeUse::incrementAndGet);
		assertThat(beforeUse).hasValue(0);
		stats.track(() -> {
		});
		assertThat(beforeUse).hasValue(1);
		AtomicInteger afterUse = new AtomicInteger();
		registry.whenFirstTaskSubmitted("early", afterUse::incrementAndGet);
		assertThat(afterUse).as("already used: runs at once").hasValue(1);
	}

	@Test
	void aFailingTaskIsCountedAsFailedAndItsExceptionStillReachesTheThread() {
		VirtualThreadStats stats = new VirtualThreadStats("failing");
		Runnable tracked = stats.track(() -> {
			throw new IllegalStateException("boom");
		});
		assertThatIllegalStateException().isThrownBy(tracked::run).withMessage("boom");
		assertThat(stats.getFailed()).isEqualTo(1);
		assertThat(stats.getCompleted()).isZero();
		assertThat(stats.getLive()).isZero();
		assertThat(stats).hasToString("failing[waiting=0, live=0, peak=1, started=1, completed=0, failed=1]");
	}

	@Test
	void noLimitIsShownAsMinusOne() {
		VirtualThreadStats stats = new VirtualThreadStats("limits");
		stats.setConcurrencyLimit(0);
		assertThat(stats.getConcurrencyLimit()).isEqualTo(-1);
		stats.setConcurrencyLimit(1);
		assertThat(stats.getConcurrencyLimit()).isEqualTo(1);
	}

	@Test
	void aCountingThreadFactoryReportsToItsStats() {
		VirtualThreadStats stats = new VirtualThreadStats("factory");
		CountingThreadFactory factory = new CountingThreadFactory(Thread::new, stats);
		Thread thread = factory.newThread(() -> {
		});
		thread.run(); // runs the tracked task on this thread: counted as started and completed
		assertThat(factory.getStats()).isSameAs(stats);
		assertThat(stats.getCompleted()).isEqualTo(1);
	}

}
