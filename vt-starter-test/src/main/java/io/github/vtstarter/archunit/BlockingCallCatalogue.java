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

	private static final BlockingCallCatalogue EMPTY = new BlockingCallCatalogue(List.of(), List.of(), List.of());

	private static final BlockingCallCatalogue OBJECT_WAIT = EMPTY
		.with(BlockingCall.of("java.lang.Object", "wait").because("waits on the monitor (Object.wait)"));

	private static final BlockingCallCatalogue DEFAULTS = createDefaults();

	private static final BlockingCallCatalogue CONSOLE_PRINTING = EMPTY.with(described(
			"console output (a synchronized PrintStream over a terminal, pipe or file)", "java.io.PrintStream", "print*",
			"format", "append"));

	private final List<BlockingCall> blocking;

	private final List<BlockingCall> exempt;

	private final List<BlockingCall> inMemoryResults;

	private BlockingCallCatalogue(List<BlockingCall> blocking, List<BlockingCall> exempt,
			List<BlockingCall> inMemoryResults) {
		this.blocking = blocking;
		this.exempt = exempt;
		this.inMemoryResults = inMemoryResults;
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
		List<BlockingCall> inMemory = new ArrayList<>(this.inMemoryResults);
		inMemory.addAll(other.inMemoryResults);
		return new BlockingCallCatalogue(Collections.unmodifiableList(blocking), Collections.unmodifiableList(exempt),
				Collections.unmodifiableList(inMemory));
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
		return new BlockingCallCatalogue(Collections.unmodifiableList(added), this.exempt, this.inMemoryResults);
	}

	/**
	 * A catalogue in which calls matching the given patterns are not blocking, even when a
	 * supertype's entry matches them (e.g. an in-memory {@code InputStream} of your own).
	 * @param typeName binary name of the declaring type; subtypes match too
	 * @param methodNamePatterns method names, {@code *} matching any characters
	 * @return a new catalogue
	 */
	public BlockingCallCatalogue without(String typeName, String... methodNamePatterns) {
		return without(entries(typeName, methodNamePatterns));
	}

	/**
	 * A catalogue in which calls matching the given entries are not blocking, even when a
	 * supertype's entry matches them; give each its reason with {@link BlockingCall#because}:
	 * <pre class="code">
	 * catalogue.without(BlockingCall.of("com.acme.MemoryChannel", "write").because("copies into a buffer"))
	 * </pre>
	 * @param exemptions the calls that do not block
	 * @return a new catalogue
	 */
	public BlockingCallCatalogue without(BlockingCall... exemptions) {
		List<BlockingCall> exempted = new ArrayList<>(this.exempt);
		exempted.addAll(Arrays.asList(exemptions));
		return new BlockingCallCatalogue(this.blocking, Collections.unmodifiableList(exempted), this.inMemoryResults);
	}

	/**
	 * A catalogue in which the objects these methods return live in memory: a blocking call of the
	 * catalogue made on such an object (directly on the result, on a field or variable that only
	 * ever holds such results, or on the result of an analysed method that only ever returns them)
	 * does not block. For a library whose own objects implement blocking
	 * JDK types, e.g. result sets a JDBC driver builds from rows it already holds.
	 * @param methods the methods whose results live in memory, with their reasons
	 * @return a new catalogue
	 */
	public BlockingCallCatalogue withInMemoryResults(BlockingCall... methods) {
		List<BlockingCall> inMemory = new ArrayList<>(this.inMemoryResults);
		inMemory.addAll(Arrays.asList(methods));
		return new BlockingCallCatalogue(this.blocking, this.exempt, Collections.unmodifiableList(inMemory));
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
	 * The methods whose results live in memory, in the order they were added.
	 * @return the entries
	 */
	public List<BlockingCall> getInMemoryResults() {
		return this.inMemoryResults;
	}

	/**
	 * Whether a method's result lives in memory.
	 * @param ownerTypeAndSupertypes the called method's owner type and all of its supertypes, binary names
	 * @param methodName the called method's name
	 * @return whether an in-memory result entry matches
	 */
	boolean returnsInMemory(Set<String> ownerTypeAndSupertypes, String methodName) {
		for (BlockingCall entry : this.inMemoryResults) {
			if (ownerTypeAndSupertypes.contains(entry.getTypeName()) && entry.matchesMethodName(methodName)) {
				return true;
			}
		}
		return false;
	}

	boolean hasExemptions() {
		return !this.exempt.isEmpty();
	}

	boolean hasInMemoryResults() {
		return !this.inMemoryResults.isEmpty();
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
	 * Whether an exemption matches a call: it does not block, and neither does anything it runs.
	 * @param ownerTypeAndSupertypes the call's owner type and all of its supertypes, binary names
	 * @param methodName the called method's name
	 * @return whether the call is exempt
	 */
	boolean isExempt(Set<String> ownerTypeAndSupertypes, String methodName) {
		for (BlockingCall exemption : this.exempt) {
			if (ownerTypeAndSupertypes.contains(exemption.getTypeName()) && exemption.matchesMethodName(methodName)) {
				return true;
			}
		}
		return false;
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

	// A done future's result is there: get() and join() after isDone() returned true return at once.
	private static BlockingCall[] returnsAtOnceAfter(String booleanMethod, BlockingCall... entries) {
		return Arrays.stream(entries).map((entry) -> entry.returnsAtOnceAfter(booleanMethod))
			.toArray(BlockingCall[]::new);
	}

	private static BlockingCall[] described(String reason, String typeName, String... methodNamePatterns) {
		return Arrays.stream(entries(typeName, methodNamePatterns)).map((entry) -> entry.because(reason))
			.toArray(BlockingCall[]::new);
	}

	@Override
	public String toString() {
		return "BlockingCallCatalogue{blocking=" + this.blocking + ", exempt=" + this.exempt
				+ (this.inMemoryResults.isEmpty() ? "" : ", inMemoryResults=" + this.inMemoryResults) + "}";
	}

	// Every entry carries the kind of blocking it stands for, every exemption why it does not block.
	private static BlockingCallCatalogue createDefaults() {
		String stream = "stream I/O: a file, a socket or a pipe, depending on the stream";
		String file = "file I/O";
		String dbRoundTrip = "database round trip";
		String redis = "Redis round trip";
		String http = "HTTP round trip";
		String inMemory = "in memory: never waits for a device";
		return EMPTY
			// Sleeping, waiting, joining and parking
			.with(described("sleep", "java.lang.Thread", "sleep"))
			.with(described("waits for another thread to end", "java.lang.Thread", "join"))
			.with(described("waits on the monitor (Object.wait)", "java.lang.Object", "wait"))
			.with(described("sleep or wait", "java.util.concurrent.TimeUnit", "sleep", "timedJoin", "timedWait"))
			.with(described("parks the thread", "java.util.concurrent.locks.LockSupport", "park*"))
			.with(described("waits for another process", "java.lang.Process", "waitFor"))
			.with(described("starts another process (fork and exec)", "java.lang.ProcessBuilder", "start"))
			// java.util.concurrent: futures and synchronizers
			.with(returnsAtOnceAfter("isDone",
					described("waits for another thread's result", "java.util.concurrent.Future", "get")))
			.with(returnsAtOnceAfter("isDone",
					described("waits for another thread's result", "java.util.concurrent.CompletableFuture", "join", "get")))
			.with(described("waits on a synchronizer", "java.util.concurrent.CountDownLatch", "await"))
			.with(described("waits on a synchronizer", "java.util.concurrent.CyclicBarrier", "await"))
			.with(described("waits for a permit", "java.util.concurrent.Semaphore", "acquire", "acquireUninterruptibly"))
			.with(described("waits for room or an element", "java.util.concurrent.BlockingQueue", "put", "take"))
			.with(described("waits for room or an element", "java.util.concurrent.BlockingDeque", "putFirst", "putLast",
					"takeFirst", "takeLast"))
			.with(described("waits for a consumer", "java.util.concurrent.TransferQueue", "transfer"))
			.with(described("waits for another thread", "java.util.concurrent.Exchanger", "exchange"))
			.with(described("waits on a synchronizer", "java.util.concurrent.Phaser", "awaitAdvance*",
					"arriveAndAwaitAdvance"))
			.with(described("waits for other threads' tasks", "java.util.concurrent.ExecutorService", "invokeAll",
					"invokeAny", "awaitTermination", "close"))
			.with(described("lock: waits while another thread holds it", "java.util.concurrent.locks.Lock", "lock",
					"lockInterruptibly"))
			.with(described("waits on a condition", "java.util.concurrent.locks.Condition", "await*"))
			// java.io: streams, readers, writers, files
			// available() and ready() answer from what is buffered and never wait (issue 13: MySQL's
			// FullReadInputStream.available() was named as the blocking call of 38 findings)
			.with(described(stream, "java.io.InputStream", "read*", "skip*", "transferTo"))
			.with(described(stream, "java.io.OutputStream", "write", "flush"))
			.with(described(stream, "java.io.Reader", "read*", "skip", "transferTo"))
			.with(described(stream, "java.io.Writer", "write", "append", "flush"))
			// PrintStream printing (System.out/err) is its own category: consolePrinting()
			.with(described(stream, "java.io.PrintWriter", "print*", "format", "append"))
			.with(described(stream, "java.io.BufferedReader", "lines"))
			.with(described("console I/O", "java.io.Console", "read*", "printf", "format"))
			.with(described(file, "java.io.FileInputStream", "<init>"))
			.with(described(file, "java.io.FileOutputStream", "<init>"))
			.with(described(file, "java.io.FileReader", "<init>"))
			.with(described(file, "java.io.FileWriter", "<init>"))
			.with(described(file, "java.io.RandomAccessFile", "<init>", "read*", "write*", "skipBytes", "seek", "length",
					"setLength"))
			.with(described(file, "java.nio.file.Files", "read*", "write*", "lines", "list", "walk", "find", "copy",
					"move", "delete*", "create*", "new*", "size", "mismatch"))
			// java.net: sockets, URL connections, HTTP client, name resolution
			.with(described("socket", "java.net.Socket", "connect"))
			.with(described("socket", "java.net.ServerSocket", "accept"))
			.with(described("socket", "java.net.DatagramSocket", "receive", "send", "connect"))
			.with(described("URL read: the network, a file or a class path resource, depending on the URL", "java.net.URL",
					"openStream", "getContent"))
			.with(described("URL read: the network, a file or a class path resource, depending on the URL",
					"java.net.URLConnection", "connect", "getInputStream", "getOutputStream", "getContent*",
					"getHeaderField*", "getContentLength*", "getContentType"))
			.with(described(http, "java.net.HttpURLConnection", "getResponseCode", "getResponseMessage"))
			.with(described("DNS lookup", "java.net.InetAddress", "getByName", "getAllByName", "getLocalHost",
					"getCanonicalHostName", "getHostName", "isReachable"))
			.with(described(http, "java.net.http.HttpClient", "send"))
			// java.nio.channels: the blocking operations of (blocking-mode) channels
			.with(described("channel I/O: a file or a socket", "java.nio.channels.ReadableByteChannel", "read"))
			.with(described("channel I/O: a file or a socket", "java.nio.channels.WritableByteChannel", "write"))
			.with(described("channel I/O: a file or a socket", "java.nio.channels.ScatteringByteChannel", "read"))
			.with(described("channel I/O: a file or a socket", "java.nio.channels.GatheringByteChannel", "write"))
			.with(described("socket", "java.nio.channels.SocketChannel", "open", "connect", "finishConnect"))
			.with(described("socket", "java.nio.channels.ServerSocketChannel", "accept"))
			.with(described("socket", "java.nio.channels.DatagramChannel", "receive", "send"))
			.with(described(file, "java.nio.channels.FileChannel", "open", "transferTo", "transferFrom", "force", "lock",
					"map"))
			.with(described("waits for socket readiness", "java.nio.channels.Selector", "select"))
			// JDBC
			.with(described(dbRoundTrip, "java.sql.DriverManager", "getConnection"))
			.with(described(dbRoundTrip, "javax.sql.DataSource", "getConnection"))
			// getMetaData() and createStatement() build objects in memory in the drivers Boot applications use
			// (pgjdbc, Connector/J, H2, mssql-jdbc, Oracle): their queries and executes talk to the database
			.with(described(dbRoundTrip, "java.sql.Connection", "prepare*", "create*", "commit", "rollback",
					"setAutoCommit", "close", "isValid", "setSavepoint", "releaseSavepoint", "setTransactionIsolation"))
			// getResultSet() returns the result execute() already fetched
			.with(described(dbRoundTrip, "java.sql.Statement", "execute*", "getMoreResults", "close"))
			.with(described(dbRoundTrip, "java.sql.ResultSet", "next", "previous", "first", "last", "absolute",
					"relative", "close"))
			// Spring data access and messaging
			.with(described(dbRoundTrip, "org.springframework.jdbc.core.JdbcOperations", "query*", "update",
					"batchUpdate", "execute", "call"))
			.with(described(dbRoundTrip, "org.springframework.jdbc.core.JdbcTemplate", "query*", "update",
					"batchUpdate", "execute", "call"))
			.with(described(dbRoundTrip, "org.springframework.jdbc.core.namedparam.NamedParameterJdbcOperations",
					"query*", "update", "batchUpdate", "execute"))
			.with(described(dbRoundTrip, "org.springframework.jdbc.core.simple.JdbcClient$StatementSpec", "update",
					"query"))
			.with(described(dbRoundTrip, "org.springframework.jdbc.core.simple.JdbcClient$ResultQuerySpec", "*"))
			.with(described(dbRoundTrip, "org.springframework.jdbc.core.simple.JdbcClient$MappedQuerySpec", "*"))
			.with(described(dbRoundTrip, "org.springframework.jdbc.core.simple.SimpleJdbcInsert", "execute*"))
			.with(described(dbRoundTrip, "org.springframework.jdbc.core.simple.SimpleJdbcCall", "execute*"))
			.with(described(dbRoundTrip, "org.springframework.jdbc.datasource.DataSourceUtils", "getConnection",
					"doGetConnection"))
			.with(described("message broker round trip", "org.springframework.jms.core.JmsOperations", "send*",
					"convertAndSend", "receive*", "browse*", "execute", "sendAndReceive"))
			.with(described(redis, "org.springframework.data.redis.core.RedisOperations", "*"))
			.with(described(redis, "org.springframework.data.redis.core.ValueOperations", "*"))
			.with(described(redis, "org.springframework.data.redis.core.HashOperations", "*"))
			.with(described(redis, "org.springframework.data.redis.core.ListOperations", "*"))
			.with(described(redis, "org.springframework.data.redis.core.SetOperations", "*"))
			.with(described(redis, "org.springframework.data.redis.core.ZSetOperations", "*"))
			.with(described(redis, "org.springframework.data.redis.core.StreamOperations", "*"))
			.with(described(redis, "org.springframework.data.redis.core.GeoOperations", "*"))
			.with(described(redis, "org.springframework.data.redis.core.HyperLogLogOperations", "*"))
			.with(described(redis, "org.springframework.data.redis.core.BoundKeyOperations", "*"))
			// Spring HTTP clients
			.with(described(http, "org.springframework.web.client.RestOperations", "get*", "post*", "put", "patch*",
					"delete", "head*", "options*", "exchange", "execute"))
			.with(described(http, "org.springframework.web.client.RestTemplate", "get*", "post*", "put", "patch*",
					"delete", "head*", "options*", "exchange", "execute"))
			.with(described(http, "org.springframework.web.client.RestClient$RequestHeadersSpec", "retrieve", "exchange"))
			.with(described(http, "org.springframework.web.client.RestClient$ResponseSpec", "body", "toEntity",
					"toBodilessEntity"))
			// Reactor: WebClient ... block() and every other way of waiting for a publisher
			.with(described("waits for a publisher", "reactor.core.publisher.Mono", "block*", "toFuture"))
			.with(described("waits for a publisher", "reactor.core.publisher.Flux", "block*", "toIterable", "toStream"))
			// In-memory subtypes of the I/O types above never wait for a device
			.without(described(inMemory, "java.io.ByteArrayInputStream", "*"))
			.without(described(inMemory, "java.io.ByteArrayOutputStream", "*"))
			.without(described(inMemory, "java.io.StringReader", "*"))
			.without(described(inMemory, "java.io.StringWriter", "*"))
			.without(described(inMemory, "java.io.CharArrayReader", "*"))
			.without(described(inMemory, "java.io.CharArrayWriter", "*"))
			// Accessors that return handles or configuration without talking to Redis
			.without(described("returns a handle or configuration, no round trip",
					"org.springframework.data.redis.core.RedisOperations", "opsFor*", "bound*", "get*Serializer",
					"getConnectionFactory", "getOperations"))
			.without(described("returns a handle or configuration, no round trip",
					"org.springframework.data.redis.core.BoundKeyOperations", "getKey", "getOperations", "getType"))
			.without(described("returns a handle, no round trip", "org.springframework.data.redis.core.ValueOperations",
					"getOperations"))
			.without(described("returns a handle, no round trip", "org.springframework.data.redis.core.HashOperations",
					"getOperations"))
			.without(described("returns a handle, no round trip", "org.springframework.data.redis.core.ListOperations",
					"getOperations"))
			.without(described("returns a handle, no round trip", "org.springframework.data.redis.core.SetOperations",
					"getOperations"))
			.without(described("returns a handle, no round trip", "org.springframework.data.redis.core.ZSetOperations",
					"getOperations"))
			// Libraries whose own objects implement the blocking types above in memory (issue 23)
			.without(described("Logback's syslog stream only buffers the message in memory; its flush() sends the "
					+ "datagram and stays blocking", "ch.qos.logback.core.net.SyslogOutputStream", "write"))
			.without(described("Tomcat's NIO connector puts its socket channels in non-blocking mode: read and write "
					+ "return at once, Tomcat waits in Object.wait() or its poller instead",
					"org.apache.tomcat.util.net.NioChannel", "read", "write"))
			.without(described("creates the statement object in memory in every common driver; its execute* methods "
					+ "talk to the database", "java.sql.Connection", "createStatement"))
			.without(described("Connector/J builds its statement caches in memory (a Connection.create* only by name)",
					"com.mysql.cj.jdbc.ConnectionImpl", "createPreparedStatementCaches"))
			.withInMemoryResults(described("Connector/J builds these result sets from rows it holds in memory "
					+ "(metadata, generated keys, parameter bindings, output parameters): their next() and close() "
					+ "never read from the server; server results come from createFromProtocolEntity",
					"com.mysql.cj.jdbc.result.ResultSetFactory", "createFromResultsetRows"))
			.withInMemoryResults(described("H2 reads its help table from help.csv, which it holds in a byte array: "
					+ "getTable() itself reads the class path resource, the rows it returns are in memory",
					"org.h2.command.dml.Help", "getTable"));
	}

}
