package io.github.vtstarter.archunit;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * {@link BlockingCallCatalogue} and {@link BlockingCall}.
 */
class BlockingCallCatalogueTest {

	@Test
	void methodNamePatternsAreGlobs() {
		BlockingCall call = BlockingCall.of("java.io.InputStream", "read*");
		assertThat(call.matchesMethodName("read")).isTrue();
		assertThat(call.matchesMethodName("readAllBytes")).isTrue();
		assertThat(call.matchesMethodName("skip")).isFalse();
		assertThat(call.matchesMethodName("thread")).isFalse();
		assertThat(BlockingCall.of("x.Y", "*").matchesMethodName("anything")).isTrue();
		assertThat(BlockingCall.of("x.Y", "get*Serializer").matchesMethodName("getKeySerializer")).isTrue();
		assertThat(BlockingCall.of("x.Y", "get*Serializer").matchesMethodName("getKey")).isFalse();
	}

	@Test
	void aPatternWithoutStarMatchesTheWholeNameOnly() {
		BlockingCall call = BlockingCall.of("java.io.InputStream", "read");
		assertThat(call.matchesMethodName("read")).isTrue();
		assertThat(call.matchesMethodName("readAllBytes")).isFalse();
		assertThat(call.matchesMethodName("rea")).isFalse();
	}

	@Test
	void entriesAreValuesNamedByTypeAndPattern() {
		BlockingCall call = BlockingCall.of(java.io.InputStream.class, "read*");
		assertThat(call).isEqualTo(BlockingCall.of("java.io.InputStream", "read*"))
			.hasSameHashCodeAs(BlockingCall.of("java.io.InputStream", "read*"))
			.isNotEqualTo(BlockingCall.of("java.io.InputStream", "skip"))
			.isNotEqualTo(BlockingCall.of("java.io.Reader", "read*"))
			.isNotEqualTo("java.io.InputStream.read*")
			.hasToString("java.io.InputStream.read*");
		assertThat(call.equals(call)).isTrue();
		assertThat(call.getMethodNamePattern()).isEqualTo("read*");
		assertThatIllegalArgumentException().isThrownBy(() -> BlockingCall.of("java/io/InputStream", "read"));
		assertThatIllegalArgumentException().isThrownBy(() -> BlockingCall.of("/java.io.InputStream", "read"));
	}

	@Test
	void exemptionsAreKeptInTheOrderTheyWereAdded() {
		BlockingCallCatalogue catalogue = BlockingCallCatalogue.empty()
			.with("java.io.InputStream", "read*")
			.without("com.acme.MemoryStream", "read", "readAllBytes");
		assertThat(catalogue.getExemptions()).containsExactly(BlockingCall.of("com.acme.MemoryStream", "read"),
				BlockingCall.of("com.acme.MemoryStream", "readAllBytes"));
		assertThat(catalogue).hasToString("BlockingCallCatalogue{blocking=[java.io.InputStream.read*], "
				+ "exempt=[com.acme.MemoryStream.read, com.acme.MemoryStream.readAllBytes]}");
	}

	@Test
	void entriesMatchTheirTypeAndSubtypes() {
		BlockingCallCatalogue catalogue = BlockingCallCatalogue.defaults();
		Set<String> fileInputStream = Set.of("java.io.FileInputStream", "java.io.InputStream", "java.lang.Object");
		assertThat(catalogue.find(fileInputStream, "read")).isEqualTo(BlockingCall.of("java.io.InputStream", "read*"));
		assertThat(catalogue.find(fileInputStream, "markSupported")).isNull();
	}

	@Test
	void exemptionsWinOverEntriesOfASupertype() {
		BlockingCallCatalogue catalogue = BlockingCallCatalogue.defaults();
		assertThat(catalogue.find(Set.of("java.io.ByteArrayOutputStream", "java.io.OutputStream", "java.lang.Object"),
				"write")).isNull();
		assertThat(catalogue.find(Set.of("org.springframework.data.redis.core.RedisTemplate",
				"org.springframework.data.redis.core.RedisOperations", "java.lang.Object"), "opsForValue")).isNull();
		assertThat(catalogue.find(Set.of("org.springframework.data.redis.core.RedisTemplate",
				"org.springframework.data.redis.core.RedisOperations", "java.lang.Object"), "delete")).isNotNull();
	}

	@Test
	void defaultsCoverTheIssuesCatalogue() {
		BlockingCallCatalogue catalogue = BlockingCallCatalogue.defaults();
		assertBlocking(catalogue, "java.lang.Thread", "sleep");
		assertBlocking(catalogue, "java.lang.Object", "wait");
		assertBlocking(catalogue, "java.io.RandomAccessFile", "readFully");
		assertBlocking(catalogue, "java.nio.channels.FileChannel", "force");
		assertBlocking(catalogue, "java.nio.file.Files", "readString");
		assertBlocking(catalogue, "java.net.URLConnection", "getInputStream");
		assertBlocking(catalogue, "java.net.http.HttpClient", "send");
		assertBlocking(catalogue, "java.nio.channels.ServerSocketChannel", "accept");
		assertBlocking(catalogue, "javax.sql.DataSource", "getConnection");
		assertBlocking(catalogue, "org.springframework.jdbc.core.JdbcTemplate", "queryForObject");
		assertBlocking(catalogue, "org.springframework.jdbc.core.namedparam.NamedParameterJdbcOperations", "update");
		assertBlocking(catalogue, "org.springframework.jdbc.core.simple.JdbcClient$StatementSpec", "update");
		assertBlocking(catalogue, "org.springframework.web.client.RestTemplate", "exchange");
		assertBlocking(catalogue, "org.springframework.web.client.RestClient$ResponseSpec", "body");
		assertBlocking(catalogue, "reactor.core.publisher.Mono", "block");
		assertBlocking(catalogue, "org.springframework.jms.core.JmsOperations", "convertAndSend");
		assertBlocking(catalogue, "org.springframework.data.redis.core.ValueOperations", "get");
		assertBlocking(catalogue, "java.util.concurrent.Future", "get");
		assertBlocking(catalogue, "java.util.concurrent.CompletableFuture", "join");
		assertBlocking(catalogue, "java.util.concurrent.CountDownLatch", "await");
		assertBlocking(catalogue, "java.util.concurrent.CyclicBarrier", "await");
		assertBlocking(catalogue, "java.util.concurrent.Semaphore", "acquire");
		assertBlocking(catalogue, "java.util.concurrent.BlockingQueue", "take");
		assertBlocking(catalogue, "java.lang.Process", "waitFor");
		assertBlocking(catalogue, "java.util.concurrent.locks.LockSupport", "parkNanos");
	}

	@Test
	void catalogueIsImmutableAndExtensible() {
		BlockingCallCatalogue defaults = BlockingCallCatalogue.defaults();
		BlockingCallCatalogue extended = defaults.with("com.acme.LegacyClient", "fetch*");
		assertThat(extended.getBlockingCalls()).hasSize(defaults.getBlockingCalls().size() + 1)
			.endsWith(BlockingCall.of("com.acme.LegacyClient", "fetch*"));
		assertThat(defaults.getBlockingCalls()).doesNotContain(BlockingCall.of("com.acme.LegacyClient", "fetch*"));
		assertThat(extended.without("java.lang.Thread", "sleep").find(Set.of("java.lang.Thread", "java.lang.Object"),
				"sleep")).isNull();
		assertThat(BlockingCallCatalogue.empty().find(Set.of("java.lang.Thread", "java.lang.Object"), "sleep")).isNull();
	}

	@Test
	void everyDefaultEntryAndExemptionSaysWhy() {
		BlockingCallCatalogue catalogue = BlockingCallCatalogue.defaults();
		assertThat(catalogue.getBlockingCalls()).allSatisfy((entry) -> assertThat(entry.getReason()).as(entry.toString())
			.isNotBlank());
		assertThat(catalogue.getExemptions()).allSatisfy((entry) -> assertThat(entry.getReason()).as(entry.toString())
			.isNotBlank());
		assertThat(catalogue.getInMemoryResults()).allSatisfy((entry) -> assertThat(entry.getReason())
			.as(entry.toString())
			.isNotBlank());
		assertThat(catalogue.find(Set.of("java.net.Socket", "java.lang.Object"), "connect").getReason()).isEqualTo("socket");
		assertThat(catalogue.find(Set.of("java.sql.Statement", "java.lang.Object"), "executeQuery").getReason())
			.isEqualTo("database round trip");
		assertThat(catalogue.find(Set.of("java.util.concurrent.locks.Lock", "java.lang.Object"), "lock").getReason())
			.startsWith("lock");
		assertThat(BlockingCallCatalogue.objectWait().getBlockingCalls()).singleElement()
			.satisfies((entry) -> assertThat(entry.getReason()).contains("wait"));
		assertThat(BlockingCallCatalogue.consolePrinting().getBlockingCalls())
			.allSatisfy((entry) -> assertThat(entry.getReason()).startsWith("console output"));
	}

	@Test
	void librariesInMemoryObjectsAreCatalogueDataNotCode() {
		BlockingCallCatalogue catalogue = BlockingCallCatalogue.defaults();
		Set<String> syslog = Set.of("ch.qos.logback.core.net.SyslogOutputStream", "java.io.OutputStream", "java.lang.Object");
		assertThat(catalogue.find(syslog, "write")).isNull();
		assertThat(catalogue.isExempt(syslog, "write")).isTrue();
		assertThat(catalogue.find(syslog, "flush")).isNotNull();
		assertThat(catalogue.isExempt(syslog, "flush")).isFalse();
		Set<String> connection = Set.of("com.mysql.cj.jdbc.ConnectionImpl", "java.sql.Connection", "java.lang.Object");
		assertThat(catalogue.find(connection, "createStatement")).isNull();
		assertThat(catalogue.find(connection, "getMetaData")).isNull();
		assertThat(catalogue.find(connection, "createPreparedStatementCaches")).isNull();
		assertThat(catalogue.find(connection, "prepareStatement")).isNotNull();
		assertThat(catalogue.find(Set.of("org.apache.tomcat.util.net.NioChannel", "java.nio.channels.ReadableByteChannel",
				"java.lang.Object"), "read")).isNull();
		assertThat(catalogue.returnsInMemory(Set.of("com.mysql.cj.jdbc.result.ResultSetFactory", "java.lang.Object"),
				"createFromResultsetRows")).isTrue();
		assertThat(catalogue.returnsInMemory(Set.of("com.mysql.cj.jdbc.result.ResultSetFactory", "java.lang.Object"),
				"createFromProtocolEntity")).isFalse();
		assertThat(catalogue.returnsInMemory(Set.of("org.h2.command.dml.Help", "java.lang.Object"), "getTable")).isTrue();
	}

	@Test
	void aReasonIsCommentaryNotIdentity() {
		BlockingCall reasoned = BlockingCall.of("com.acme.Channel", "send").because("socket");
		assertThat(reasoned).isEqualTo(BlockingCall.of("com.acme.Channel", "send"));
		assertThat(reasoned.getReason()).isEqualTo("socket");
		assertThat(BlockingCall.of("com.acme.Channel", "send").getReason()).isEmpty();
		assertThatIllegalArgumentException().isThrownBy(() -> BlockingCall.of("com.acme.Channel", "send").because(" "));
		assertThatIllegalArgumentException().isThrownBy(() -> BlockingCall.of("com.acme.Channel", "send").because(null));
	}

	@Test
	void exemptionsAndInMemoryResultsAddedWithTheirReasons() {
		BlockingCallCatalogue catalogue = BlockingCallCatalogue.empty()
			.with("java.io.OutputStream", "write")
			.without(BlockingCall.of("com.acme.MemoryStream", "write").because("a buffer"))
			.withInMemoryResults(BlockingCall.of("com.acme.Rows", "copy").because("copied rows"));
		assertThat(catalogue.getExemptions()).singleElement()
			.satisfies((entry) -> assertThat(entry.getReason()).isEqualTo("a buffer"));
		assertThat(catalogue.getInMemoryResults()).containsExactly(BlockingCall.of("com.acme.Rows", "copy"));
		assertThat(catalogue.returnsInMemory(Set.of("com.acme.Rows"), "copy")).isTrue();
		assertThat(catalogue.returnsInMemory(Set.of("com.acme.Rows"), "copyAll")).isFalse();
		assertThat(catalogue.returnsInMemory(Set.of("com.acme.Other"), "copy")).isFalse();
		assertThat(catalogue.hasInMemoryResults()).isTrue();
		assertThat(catalogue.hasExemptions()).isTrue();
		assertThat(BlockingCallCatalogue.empty().hasInMemoryResults()).isFalse();
		assertThat(BlockingCallCatalogue.empty().hasExemptions()).isFalse();
		assertThat(catalogue.isExempt(Set.of("com.acme.MemoryStream", "java.io.OutputStream"), "write")).isTrue();
		assertThat(catalogue.isExempt(Set.of("com.acme.MemoryStream", "java.io.OutputStream"), "flush")).isFalse();
		assertThat(catalogue).hasToString("BlockingCallCatalogue{blocking=[java.io.OutputStream.write], "
				+ "exempt=[com.acme.MemoryStream.write], inMemoryResults=[com.acme.Rows.copy]}");
		BlockingCallCatalogue combined = BlockingCallCatalogue.empty().with(catalogue);
		assertThat(combined.getInMemoryResults()).containsExactly(BlockingCall.of("com.acme.Rows", "copy"));
		assertThat(combined.getExemptions()).containsExactly(BlockingCall.of("com.acme.MemoryStream", "write"));
	}

	@Test
	void invalidEntriesAreRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> BlockingCall.of("java/io/InputStream", "read"));
		assertThatIllegalArgumentException().isThrownBy(() -> BlockingCall.of("java.io.InputStream", ""));
		assertThatIllegalArgumentException().isThrownBy(() -> BlockingCallCatalogue.empty().with("java.io.InputStream"));
	}

	private static void assertBlocking(BlockingCallCatalogue catalogue, String type, String method) {
		assertThat(catalogue.find(new java.util.HashSet<>(List.of(type, "java.lang.Object")), method)).as(type + "." + method).isNotNull();
	}

}
