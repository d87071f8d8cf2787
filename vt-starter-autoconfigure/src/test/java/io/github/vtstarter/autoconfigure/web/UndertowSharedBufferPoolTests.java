package io.github.vtstarter.autoconfigure.web;

import java.nio.ByteBuffer;

import io.undertow.Undertow;
import io.undertow.connector.ByteBufferPool;
import io.undertow.connector.PooledByteBuffer;
import io.undertow.server.DefaultByteBufferPool;
import org.junit.jupiter.api.Test;

import org.springframework.test.util.ReflectionTestUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shared pool on a real {@code Undertow.Builder}: the builder's buffer size and kind, no per-thread cache, and a
 * pool the application set is kept.
 */
class UndertowSharedBufferPoolTests {

	@Test
	void theBuildersBufferSizeAndKindAreKeptWithoutPerThreadCaches() throws Exception {
		Undertow.Builder builder = Undertow.builder().setBufferSize(4096).setDirectBuffers(false);
		ByteBufferPool pool = UndertowSharedBufferPool.install(builder);
		assertThat(pool).isInstanceOf(DefaultByteBufferPool.class);
		assertThat(ReflectionTestUtils.getField(builder, "byteBufferPool")).isSameAs(pool);
		assertThat(pool.getBufferSize()).isEqualTo(4096);
		assertThat(pool.isDirect()).isFalse();
		assertThat(ReflectionTestUtils.getField(pool, "threadLocalCacheSize")).isEqualTo(0);
		assertThat(ReflectionTestUtils.getField(pool, "maximumPoolSize"))
			.isEqualTo(UndertowSharedBufferPool.SHARED_BUFFERS);
	}

	@Test
	void buffersFreedOnOneThreadAreTakenOnAnother() throws Exception {
		// What a new thread per request needs: a buffer one request's thread gave back serves the next one's.
		ByteBufferPool pool = UndertowSharedBufferPool.install(Undertow.builder().setDirectBuffers(true));
		ByteBuffer[] first = new ByteBuffer[1];
		Thread one = new Thread(() -> {
			try (PooledByteBuffer pooled = pool.allocate()) {
				first[0] = pooled.getBuffer();
			}
		});
		one.start();
		one.join();
		PooledByteBuffer[] second = new PooledByteBuffer[1];
		Thread another = new Thread(() -> second[0] = pool.allocate());
		another.start();
		another.join();
		assertThat(second[0].getBuffer()).isSameAs(first[0]);
		assertThat(second[0].getBuffer().isDirect()).isTrue();
		second[0].close();
	}

	@Test
	void aPoolTheApplicationSetIsKept() throws Exception {
		DefaultByteBufferPool own = new DefaultByteBufferPool(false, 1024, 10, 4);
		Undertow.Builder builder = Undertow.builder().setByteBufferPool(own);
		assertThat(UndertowSharedBufferPool.install(builder)).isNull();
		assertThat(ReflectionTestUtils.getField(builder, "byteBufferPool")).isSameAs(own);
	}

}
