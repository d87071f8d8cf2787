package io.github.vtstarter.autoconfigure.messaging;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import org.springframework.core.task.SyncTaskExecutor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The two pieces every listener post-processor shares: one executor created on first use, and the read of the
 * executor an application set.
 */
class ListenerExecutorSupportTests {

	@Test
	void theExecutorIsCreatedOnceWhenFirstNeededEvenByRacingFactories() throws Exception {
		AtomicInteger created = new AtomicInteger();
		LazyExecutor<SyncTaskExecutor> lazy = new LazyExecutor<>(() -> {
			created.incrementAndGet();
			return new SyncTaskExecutor();
		});
		assertThat(lazy.getIfCreated()).as("before any factory needs it").isNull();
		assertThat(created).hasValue(0);
		ExecutorService callers = Executors.newFixedThreadPool(8);
		try {
			CountDownLatch go = new CountDownLatch(1);
			List<Future<SyncTaskExecutor>> results = new ArrayList<>();
			for (int i = 0; i < 8; i++) {
				results.add(callers.submit(() -> {
					go.await();
					return lazy.get();
				}));
			}
			go.countDown();
			for (Future<SyncTaskExecutor> result : results) {
				assertThat(result.get(10, TimeUnit.SECONDS)).isSameAs(lazy.getIfCreated());
			}
		}
		finally {
			callers.shutdownNow();
		}
		assertThat(created).hasValue(1);
	}

	@Test
	void readsTheExecutorAnApplicationSet() {
		SyncTaskExecutor own = new SyncTaskExecutor();
		assertThat(TaskExecutorField.read(Container.class, new Container(own))).isSameAs(own);
		assertThat(TaskExecutorField.read(Container.class, new Container(null))).isNull();
	}

	@Test
	void aTypeWithoutTheFieldFailsWithAMessageThatSaysWhy() {
		assertThatIllegalStateException().isThrownBy(() -> TaskExecutorField.read(String.class, "x"))
			.withMessageStartingWith("String has no taskExecutor field in this version")
			.withMessageEndingWith("cannot tell whether the application set an executor");
	}

	static class Container {

		@SuppressWarnings("unused")
		private final Object taskExecutor;

		Container(Object taskExecutor) {
			this.taskExecutor = taskExecutor;
		}

	}

}
