package io.github.vtstarter.autoconfigure.web;

import java.lang.reflect.Field;

import io.undertow.Undertow;
import io.undertow.connector.ByteBufferPool;
import io.undertow.server.DefaultByteBufferPool;

import org.springframework.util.ReflectionUtils;

/**
 * Gives Undertow a buffer pool shared by all threads, without per-thread caches, for requests on virtual threads.
 * <p>
 * Undertow's own pool ({@code Undertow.Builder} without one: {@code new DefaultByteBufferPool(direct, bufferSize, -1,
 * 4)}) keeps up to four buffers per thread that used it and no shared queue: a maximum pool size of -1 frees every
 * other buffer at once. That suits a fixed pool of worker threads. With a new virtual thread per request each
 * request builds a cache of its own: a finalizer empties it (Undertow 2.3.10 and earlier, 2.3.14 and later), or a
 * {@code HashMap<Thread, ...>} keeps it, and its thread, for ever (2.3.11 to 2.3.13, UNDERTOW-2385). The defaults
 * benchmark measured both on Boot 3.1.12, JDK 21, 1 GB heap: Undertow 2.3.13 served 4,277 requests a second, then
 * none ("Cannot reserve 8153 bytes of direct buffer memory"); 2.3.18 answered, with its RSS growing to 5.4 GB and,
 * without sleep, 0.6x the requests of its worker pool. With this pool 2.3.13 served 3,891 requests a second of
 * 100 ms at 400 connections (Little's law: 4,000) with an RSS of 879 MB (its worker pool: 834 MB).
 * <p>
 * The replacement has the buffer size and kind the builder holds (Undertow's defaults, or Boot's
 * {@code server.undertow.buffer-size} and {@code direct-buffers}), no per-thread cache, and a shared queue of at most
 * {@value #SHARED_BUFFERS} buffers that every thread takes from and gives back to. A pool the application gave the
 * builder itself is kept. The builder has no getters for these, so its fields are read by reflection; the caller
 * guards that ({@code DegradedFeatures}).
 */
final class UndertowSharedBufferPool {

	/** At most this many free buffers wait in the shared queue (16 MiB of Undertow's default 16 KiB buffers). */
	static final int SHARED_BUFFERS = 1024;

	private UndertowSharedBufferPool() {
	}

	/**
	 * Sets the shared pool on a builder that has none.
	 * @param builder the builder, configured by Boot
	 * @return the pool set, or {@code null} when the builder had a pool of the application's
	 * @throws IllegalStateException when the builder's fields cannot be read
	 */
	static ByteBufferPool install(Undertow.Builder builder) {
		if (read(builder, "byteBufferPool") != null) {
			return null;
		}
		int bufferSize = (Integer) read(builder, "bufferSize");
		boolean direct = (Boolean) read(builder, "directBuffers");
		ByteBufferPool pool = new DefaultByteBufferPool(direct, bufferSize, SHARED_BUFFERS, 0);
		builder.setByteBufferPool(pool);
		return pool;
	}

	private static Object read(Undertow.Builder builder, String name) {
		Field field = ReflectionUtils.findField(Undertow.Builder.class, name);
		if (field == null) {
			throw new IllegalStateException("Undertow.Builder has no field '" + name + "' in this version");
		}
		ReflectionUtils.makeAccessible(field);
		return ReflectionUtils.getField(field, builder);
	}

}
