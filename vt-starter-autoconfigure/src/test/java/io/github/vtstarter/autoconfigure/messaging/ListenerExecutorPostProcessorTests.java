package io.github.vtstarter.autoconfigure.messaging;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;

import io.github.vtstarter.autoconfigure.DegradedFeatures;
import io.github.vtstarter.autoconfigure.DegradedFeaturesCleanup;
import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.Test;

import org.springframework.core.task.SyncTaskExecutor;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shape every listener post-processor shares ({@link ListenerExecutorPostProcessor}): only beans of its type,
 * only in its phase; the application's executor kept; the starter's given where there is none (or where the
 * subclass replaces the current one); a failure to read switches that one bean's feature off with the bean left
 * as it was.
 */
class ListenerExecutorPostProcessorTests {

	private final SyncTaskExecutor starters = new SyncTaskExecutor();

	@Test
	void aContainerWithoutAnExecutorGetsTheStartersInItsPhaseOnly() {
		Container container = new Container(null);
		Processor before = new Processor(ListenerExecutorPostProcessor.Phase.BEFORE_INITIALIZATION);
		assertThat(before.postProcessAfterInitialization(container, "c")).isSameAs(container);
		assertThat(container.executor).as("not in the other phase").isNull();
		assertThat(before.postProcessBeforeInitialization(container, "c")).isSameAs(container);
		assertThat(container.executor).isSameAs(this.starters);

		Container later = new Container(null);
		Processor after = new Processor(ListenerExecutorPostProcessor.Phase.AFTER_INITIALIZATION);
		after.postProcessBeforeInitialization(later, "c");
		assertThat(later.executor).isNull();
		after.postProcessAfterInitialization(later, "c");
		assertThat(later.executor).isSameAs(this.starters);
	}

	@Test
	void anExecutorOfTheApplicationIsKept() {
		SyncTaskExecutor own = new SyncTaskExecutor();
		Container container = new Container(own);
		new Processor(ListenerExecutorPostProcessor.Phase.BEFORE_INITIALIZATION).postProcessBeforeInitialization(container,
				"c");
		assertThat(container.executor).isSameAs(own);
	}

	@Test
	void aSubclassMayReplaceACurrentExecutorItRecognises() {
		SyncTaskExecutor boots = new SyncTaskExecutor();
		Container container = new Container(boots);
		Processor processor = new Processor(ListenerExecutorPostProcessor.Phase.BEFORE_INITIALIZATION) {

			@Override
			protected boolean replaces(Object current) {
				return current == boots;
			}

		};
		processor.postProcessBeforeInitialization(container, "c");
		assertThat(container.executor).isSameAs(this.starters);
		Container none = new Container(null);
		processor.postProcessBeforeInitialization(none, "c");
		assertThat(none.executor).as("this subclass replaces only the executor it recognises").isNull();
	}

	@Test
	void beansOfOtherTypesAndBeansTheSubclassSkipsAreLeftAlone() {
		Processor processor = new Processor(ListenerExecutorPostProcessor.Phase.BEFORE_INITIALIZATION) {

			@Override
			protected boolean applies(Container target, String beanName) {
				return !beanName.equals("skipped");
			}

		};
		Object other = new Object();
		assertThat(processor.postProcessBeforeInitialization(other, "c")).isSameAs(other);
		Container skipped = new Container(null);
		processor.postProcessBeforeInitialization(skipped, "skipped");
		assertThat(skipped.executor).isNull();
		assertThat(processor.reads).isEmpty();
	}

	@Test
	void aFailureToReadTheExecutorSwitchesThatBeansFeatureOffAndLeavesTheBeanAsItWas() {
		Container container = new Container(null);
		Processor processor = new Processor(ListenerExecutorPostProcessor.Phase.BEFORE_INITIALIZATION) {

			@Override
			protected Object currentExecutor(Container target) {
				throw new IllegalStateException("Container has no taskExecutor field in this version");
			}

		};
		assertThat(processor.postProcessBeforeInitialization(container, "broken")).isSameAs(container);
		assertThat(container.executor).isNull();
		assertThat(DegradedFeatures.all()).containsEntry("Test listeners on virtual threads (broken)",
				"java.lang.IllegalStateException: Container has no taskExecutor field in this version");
		DegradedFeaturesCleanup.forget("Test listeners on virtual threads (broken)");
	}

	static class Container {

		Executor executor;

		Container(Executor executor) {
			this.executor = executor;
		}

	}

	class Processor extends ListenerExecutorPostProcessor<Container, SyncTaskExecutor> {

		final List<Container> reads = new ArrayList<>();

		Processor(Phase phase) {
			super(Container.class, phase, "Test listeners on virtual threads", "Test container",
					LogFactory.getLog(ListenerExecutorPostProcessorTests.class));
		}

		@Override
		protected Object currentExecutor(Container target) {
			this.reads.add(target);
			return target.executor;
		}

		@Override
		protected SyncTaskExecutor executorFor(Container target) {
			return ListenerExecutorPostProcessorTests.this.starters;
		}

		@Override
		protected void setExecutor(Container target, SyncTaskExecutor executor) {
			target.executor = executor;
		}

	}

}
