package io.github.vtstarter.archunit;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Set;

/**
 * The methods that block a thread: the calls {@link VirtualThreadRules} looks for while a monitor
 * is held.
 * <p>
 * An immutable list of {@link BlockingCall blocking entries} and of exemptions. A call is
 * blocking when its declared owner type is (a subtype of) an entry's type, its name matches the
 * entry's pattern, and no exemption matches it; exemptions exist for the in-memory classes that
 * share a blocking supertype ({@code ByteArrayOutputStream} is an {@code OutputStream} but never
 * waits for a device). Entries are matched by name, so naming a library that is absent from the
 * classpath is harmless.
 * <p>
 * Start from {@link #defaults()} and add your own, e.g. a home-grown HTTP client:
 * <pre class="code">
 * BlockingCallCatalogue catalogue = BlockingCallCatalogue.defaults()
 * 		.with("com.acme.http.LegacyClient", "get*", "post*")
 * 		.without("java.lang.Object", "wait");
 * </pre>
 */
public final class BlockingCallCatalogue {

	private static final BlockingCallCatalogue EMPTY = new BlockingCallCatalogue(List.of(), List.of());

	private static final BlockingCallCatalogue OBJECT_WAIT = EMPTY.with("java.lang.Object", "wait");

	private static final BlockingCallCatalogue DEFAULTS = createDefaults();

	private static final BlockingCallCatalogue CONSOLE_PRINTING = EMPTY.with("java.io.PrintStream", "print*", "format",
			"append");

	private final List<BlockingCall> blocking;

	private final List<BlockingCall> exempt;

	private BlockingCallCatalogue(List<BlockingCall> blocking, List<BlockingCall> exempt) {
		this.blocking = blocking;
		this.exempt = exempt;
	}

	/**
	 * A catalogue without entries.
	 * @return the empty catalogue
	 */
	public static BlockingCallCatalogue empty() {
		return EMPTY;
	}

	/**
	 * A catalogue with the single entry {@code Object.wait} (all three overloads).
	 * @return the catalogue
	 */
	public static BlockingCallCatalogue objectWait() {
		return OBJECT_WAIT;
	}

	/**
	 * The blocking calls of the JDK and of the Spring and data-access libraries Spring Boot
	 * applications use: sleeping and waiting, {@code java.util.concurrent} synchronizers and
	 * futures, {@code java.io} streams, readers, writers and files, {@code java.net} sockets and
	 * HTTP clients, blocking {@code java.nio.channels} operations, JDBC and {@code DataSource},
	 * Spring's {@code JdbcTemplate}, {@code NamedParameterJdbcTemplate}, {@code JdbcClient},
	 * {@code RestTemplate}, {@code RestClient}, {@code JmsTemplate}, {@code RedisTemplate} and
	 * Reactor's {@code block()}.
	 * @return the default catalogue
	 */
	public static BlockingCallCatalogue defaults() {
		return DEFAULTS;
	}

	/**
	 * Printing to a {@code PrintStream}, in practice {@code System.out} and {@code System.err}: its own
	 * category, not part of {@link #defaults()}. Console output under a monitor does block (the
	 * stream is synchronized and the terminal or pipe may be slow), but in libraries it sits almost
	 * always on guarded diagnostic paths (trace switches, status messages when no logger is
	 * configured), and flagging it drowned the real findings: 75 of 376 findings on H2, 6 of 8 on
	 * Logback. Add it back with {@code defaults().with(consolePrinting())} or the rule's
	 * {@code withConsolePrinting()}.
	 * @return the console printing entries
	 */
	public static BlockingCallCatalogue consolePrinting() {
		return CONSOLE_PRINTING;
	}

	/**
	 * A catalogue with the entries and exemptions of another one added.
	 * @param other the catalogue to add, e.g. {@link #consolePrinting()}
	 * @return a new catalogue
	 */
	public BlockingCallCatalogue with(BlockingCallCatalogue other) {
		List<BlockingCall> blocking = new ArrayList<>(this.blocking);
		blocking.addAll(other.blocking);
		List<BlockingCall> exempt = new ArrayList<>(this.exempt);
		exempt.addAll(other.exempt);
		return new BlockingCallCatalogue(Collections.unmodifiableList(blocking), Collections.unmodifiableList(exempt));
	}

	/**
	 * A catalogue with an additional entry for each method name pattern.
	 * @param typeName binary name of the declaring type; subtypes match too
	 * @param methodNamePatterns method names, {@code *} matching any characters
	 * @return a new catalogue
	 */
	public BlockingCallCatalogue with(String typeName, String... methodNamePatterns) {
		return with(entries(typeName, methodNamePatterns));
	}

	/**
	 * A catalogue with additional entries.
	 * @param calls the entries to add
	 * @return a new catalogue
	 */
	public BlockingCallCatalogue with(BlockingCall... calls) {
		List<BlockingCall> added = new ArrayList<>(this.blocking);
		added.addAll(Arrays.asList(calls));
		return new BlockingCallCatalogue(Collections.unmodifiableList(added), this.exempt);
	}

	/**
	 * A catalogue in which calls matching the given patterns are not blocking, even when a
	 * supertype's entry matches them (e.g. an in-memory {@code InputStream} of your own).
	 * @param typeName binary name of the declaring type; subtypes match too
	 * @param methodNamePatterns method names, {@code *} matching any characters
	 * @return a new catalogue
	 */
	public BlockingCallCatalogue without(String typeName, String... methodNamePatterns) {
		List<BlockingCall> exempted = new ArrayList<>(this.exempt);
		exempted.addAll(Arrays.asList(entries(typeName, methodNamePatterns)));
		return new BlockingCallCatalogue(this.blocking, Collections.unmodifiableList(exempted));
	}

	/**
	 * The blocking entries, in the order they were added.
	 * @return the entries
	 */
	public List<BlockingCall> getBlockingCalls() {
		return this.blocking;
	}

	/**
	 * The exemptions, in the order they were added.
	 * @return the exemptions
	 */
	public List<BlockingCall> getExemptions() {
		return this.exempt;
	}

	/**
	 * The entry that makes a call blocking.
	 * @param ownerTypeAndSupertypes the call's owner type and all of its supertypes, binary names
	 * @param methodName the called method's name
	 * @return the matching entry or {@code null} if the call is not blocking
	 */
	BlockingCall find(Set<String> ownerTypeAndSupertypes, String methodName) {
		for (BlockingCall exemption : this.exempt) {
			if (ownerTypeAndSupertypes.contains(exemption.getTypeName()) && exemption.matchesMethodName(methodName)) {
				return null;
			}
		}
		for (BlockingCall entry : this.blocking) {
			if (ownerTypeAndSupertypes.contains(entry.getTypeName()) && entry.matchesMethodName(methodName)) {
				return entry;
			}
		}
		return null;
	}

	/**
	 * Whether any entry could match a method of this name; lets callers skip the type hierarchy
	 * lookup for the vast majority of calls.
	 * @param methodName the called method's name
	 * @return whether an entry's pattern matches the name
	 */
	boolean mayMatch(String methodName) {
		for (BlockingCall entry : this.blocking) {
			if (entry.matchesMethodName(methodName)) {
				return true;
			}
		}
		return false;
	}

	private static BlockingCall[] entries(String typeName, String... methodNamePatterns) {
		if (methodNamePatterns.length == 0) {
			throw new IllegalArgumentException("At least one method name pattern is required for " + typeName);
		}
		return Arrays.stream(methodNamePatterns).map((pattern) -> BlockingCall.of(typeName, pattern))
			.toArray(BlockingCall[]::new);
	}

	@Override
	public String toString() {
		return "BlockingCallCatalogue{blocking=" + this.blocking + ", exempt=" + this.exempt + "}";
	}

	private static BlockingCallCatalogue createDefaults() {
		return EMPTY
			// Sleeping, waiting, joining and parking
			.with("java.lang.Thread", "sleep", "join")
			.with("java.lang.Object", "wait")
			.with("java.util.concurrent.TimeUnit", "sleep", "timedJoin", "timedWait")
			.with("java.util.concurrent.locks.LockSupport", "park*")
			.with("java.lang.Process", "waitFor")
			.with("java.lang.ProcessBuilder", "start")
			// java.util.concurrent: futures and synchronizers
			.with("java.util.concurrent.Future", "get")
			.with("java.util.concurrent.CompletableFuture", "join", "get")
			.with("java.util.concurrent.CountDownLatch", "await")
			.with("java.util.concurrent.CyclicBarrier", "await")
			.with("java.util.concurrent.Semaphore", "acquire", "acquireUninterruptibly")
			.with("java.util.concurrent.BlockingQueue", "put", "take")
			.with("java.util.concurrent.BlockingDeque", "putFirst", "putLast", "takeFirst", "takeLast")
			.with("java.util.concurrent.TransferQueue", "transfer")
			.with("java.util.concurrent.Exchanger", "exchange")
			.with("java.util.concurrent.Phaser", "awaitAdvance*", "arriveAndAwaitAdvance")
			.with("java.util.concurrent.ExecutorService", "invokeAll", "invokeAny", "awaitTermination", "close")
			.with("java.util.concurrent.locks.Lock", "lock", "lockInterruptibly")
			.with("java.util.concurrent.locks.Condition", "await*")
			// java.io: streams, readers, writers, files
			// available() and ready() answer from what is buffered and never wait (issue 13: MySQL's
			// FullReadInputStream.available() was named as the blocking call of 38 findings)
			.with("java.io.InputStream", "read*", "skip*", "transferTo")
			.with("java.io.OutputStream", "write", "flush")
			.with("java.io.Reader", "read*", "skip", "transferTo")
			.with("java.io.Writer", "write", "append", "flush")
			// PrintStream printing (System.out/err) is its own category: consolePrinting()
			.with("java.io.PrintWriter", "print*", "format", "append")
			.with("java.io.BufferedReader", "lines")
			.with("java.io.Console", "read*", "printf", "format")
			.with("java.io.FileInputStream", "<init>")
			.with("java.io.FileOutputStream", "<init>")
			.with("java.io.FileReader", "<init>")
			.with("java.io.FileWriter", "<init>")
			.with("java.io.RandomAccessFile", "<init>", "read*", "write*", "skipBytes", "seek", "length", "setLength")
			.with("java.nio.file.Files", "read*", "write*", "lines", "list", "walk", "find", "copy", "move",
					"delete*", "create*", "new*", "size", "mismatch")
			// java.net: sockets, URL connections, HTTP client, name resolution
			.with("java.net.Socket", "connect")
			.with("java.net.ServerSocket", "accept")
			.with("java.net.DatagramSocket", "receive", "send", "connect")
			.with("java.net.URL", "openStream", "getContent")
			.with("java.net.URLConnection", "connect", "getInputStream", "getOutputStream", "getContent*",
					"getHeaderField*", "getContentLength*", "getContentType")
			.with("java.net.HttpURLConnection", "getResponseCode", "getResponseMessage")
			.with("java.net.InetAddress", "getByName", "getAllByName", "getLocalHost", "getCanonicalHostName",
					"getHostName", "isReachable")
			.with("java.net.http.HttpClient", "send")
			// java.nio.channels: the blocking operations of (blocking-mode) channels
			.with("java.nio.channels.ReadableByteChannel", "read")
			.with("java.nio.channels.WritableByteChannel", "write")
			.with("java.nio.channels.ScatteringByteChannel", "read")
			.with("java.nio.channels.GatheringByteChannel", "write")
			.with("java.nio.channels.SocketChannel", "open", "connect", "finishConnect")
			.with("java.nio.channels.ServerSocketChannel", "accept")
			.with("java.nio.channels.DatagramChannel", "receive", "send")
			.with("java.nio.channels.FileChannel", "open", "transferTo", "transferFrom", "force", "lock", "map")
			.with("java.nio.channels.Selector", "select")
			// JDBC
			.with("java.sql.DriverManager", "getConnection")
			.with("javax.sql.DataSource", "getConnection")
			.with("java.sql.Connection", "prepare*", "create*", "commit", "rollback", "setAutoCommit", "close",
					"isValid", "setSavepoint", "releaseSavepoint", "getMetaData", "setTransactionIsolation")
			// getResultSet() returns the result execute() already fetched
			.with("java.sql.Statement", "execute*", "getMoreResults", "close")
			.with("java.sql.ResultSet", "next", "previous", "first", "last", "absolute", "relative", "close")
			// Spring data access and messaging
			.with("org.springframework.jdbc.core.JdbcOperations", "query*", "update", "batchUpdate", "execute",
					"call")
			.with("org.springframework.jdbc.core.JdbcTemplate", "query*", "update", "batchUpdate", "execute", "call")
			.with("org.springframework.jdbc.core.namedparam.NamedParameterJdbcOperations", "query*", "update",
					"batchUpdate", "execute")
			.with("org.springframework.jdbc.core.simple.JdbcClient$StatementSpec", "update", "query")
			.with("org.springframework.jdbc.core.simple.JdbcClient$ResultQuerySpec", "*")
			.with("org.springframework.jdbc.core.simple.JdbcClient$MappedQuerySpec", "*")
			.with("org.springframework.jdbc.core.simple.SimpleJdbcInsert", "execute*")
			.with("org.springframework.jdbc.core.simple.SimpleJdbcCall", "execute*")
			.with("org.springframework.jdbc.datasource.DataSourceUtils", "getConnection", "doGetConnection")
			.with("org.springframework.jms.core.JmsOperations", "send*", "convertAndSend", "receive*", "browse*",
					"execute", "sendAndReceive")
			.with("org.springframework.data.redis.core.RedisOperations", "*")
			.with("org.springframework.data.redis.core.ValueOperations", "*")
			.with("org.springframework.data.redis.core.HashOperations", "*")
			.with("org.springframework.data.redis.core.ListOperations", "*")
			.with("org.springframework.data.redis.core.SetOperations", "*")
			.with("org.springframework.data.redis.core.ZSetOperations", "*")
			.with("org.springframework.data.redis.core.StreamOperations", "*")
			.with("org.springframework.data.redis.core.GeoOperations", "*")
			.with("org.springframework.data.redis.core.HyperLogLogOperations", "*")
			.with("org.springframework.data.redis.core.BoundKeyOperations", "*")
			// Spring HTTP clients
			.with("org.springframework.web.client.RestOperations", "get*", "post*", "put", "patch*", "delete",
					"head*", "options*", "exchange", "execute")
			.with("org.springframework.web.client.RestTemplate", "get*", "post*", "put", "patch*", "delete",
					"head*", "options*", "exchange", "execute")
			.with("org.springframework.web.client.RestClient$RequestHeadersSpec", "retrieve", "exchange")
			.with("org.springframework.web.client.RestClient$ResponseSpec", "body", "toEntity", "toBodilessEntity")
			// Reactor: WebClient ... block() and every other way of waiting for a publisher
			.with("reactor.core.publisher.Mono", "block*", "toFuture")
			.with("reactor.core.publisher.Flux", "block*", "toIterable", "toStream")
			// In-memory subtypes of the I/O types above never wait for a device
			.without("java.io.ByteArrayInputStream", "*")
			.without("java.io.ByteArrayOutputStream", "*")
			.without("java.io.StringReader", "*")
			.without("java.io.StringWriter", "*")
			.without("java.io.CharArrayReader", "*")
			.without("java.io.CharArrayWriter", "*")
			// Accessors that return handles or configuration without talking to Redis
			.without("org.springframework.data.redis.core.RedisOperations", "opsFor*", "bound*", "get*Serializer",
					"getConnectionFactory", "getOperations")
			.without("org.springframework.data.redis.core.BoundKeyOperations", "getKey", "getOperations", "getType")
			.without("org.springframework.data.redis.core.ValueOperations", "getOperations")
			.without("org.springframework.data.redis.core.HashOperations", "getOperations")
			.without("org.springframework.data.redis.core.ListOperations", "getOperations")
			.without("org.springframework.data.redis.core.SetOperations", "getOperations")
			.without("org.springframework.data.redis.core.ZSetOperations", "getOperations");
	}

}
