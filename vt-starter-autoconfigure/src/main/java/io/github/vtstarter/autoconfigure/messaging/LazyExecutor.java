package io.github.vtstarter.autoconfigure.messaging;

import java.util.concurrent.Executor;
import java.util.function.Supplier;

import org.springframework.lang.Nullable;

/**
 * The one executor a listener post-processor hands to every container factory it configures (as Boot 3.2+ shares
 * one between the containers of its factory), created when the first factory needs it: an application with no
 * listener container gets no executor, and no entry in the endpoint.
 *
 * @param <E> the executor's type
 */
public final class LazyExecutor<E extends Executor> implements Supplier<E> {

	private final Supplier<E> factory;

	private volatile E executor;

	public LazyExecutor(Supplier<E> factory) {
		this.factory = factory;
	}

	@Override
	public E get() {
		E executor = this.executor;
		if (executor == null) {
			// Bean post-processing calls this while the context refreshes, on one platform thread: a monitor,
			// never contended, is all it takes to create the executor once.
			synchronized (this) {
				executor = this.executor;
				if (executor == null) {
					executor = this.factory.get();
					this.executor = executor;
				}
			}
		}
		return executor;
	}

	/**
	 * @return the executor if a factory needed it, else {@code null}: closing a context must not create one
	 */
	@Nullable
	public E getIfCreated() {
		return this.executor;
	}

}
