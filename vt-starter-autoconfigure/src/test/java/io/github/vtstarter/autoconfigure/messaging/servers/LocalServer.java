package io.github.vtstarter.autoconfigure.messaging.servers;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import io.github.vtstarter.testsupport.Precondition;

/**
 * A server binary of a Debian package (redis-server, rabbitmq-server), started by a test on 127.0.0.1 on a free
 * port with a temporary directory, and stopped after it.
 * <p>
 * A test class that needs one says so with {@code @Precondition(LocalServer.RedisInstalled.class)} (or
 * {@link RabbitMqInstalled}): without the binary each of its tests is reported skipped, with what to install, and
 * the summary at the end of the run lists them. With {@value #REQUIRE_SERVERS}{@code =true} (CI, through the
 * Maven property of the same name) the checks hold regardless, so a missing binary fails the class instead.
 */
public final class LocalServer implements AutoCloseable {

	/** The system property that turns a missing server binary from a skip into a failure. */
	public static final String REQUIRE_SERVERS = "vtstarter.test.require-servers";

	/**
	 * The system property with the directories searched for server binaries (path-separator list), in place of
	 * {@code PATH} plus {@code /usr/local/sbin} and {@code /usr/sbin}.
	 */
	public static final String SERVER_PATH = "vtstarter.test.server-path";

	private final Process process;

	private final Path directory;

	private final int port;

	private LocalServer(Process process, Path directory, int port) {
		this.process = process;
		this.directory = directory;
		this.port = port;
	}

	/**
	 * Starts a server and waits until its port accepts connections.
	 * @param server which server
	 * @param command builds the command line from the binary, the free port and the temporary directory
	 * @param environment builds extra environment variables from the port and the directory
	 * @return the running server
	 * @throws Exception when it does not come up, or when its binary is missing
	 */
	public static LocalServer start(Server server, Command command, Environment environment) throws Exception {
		Path binary = server.binary()
			.orElseThrow(() -> new IllegalStateException(server.notFound() + " and " + REQUIRE_SERVERS
					+ "=true requires it: " + server.install()));
		int port = freePort();
		Path directory = Files.createTempDirectory(server.packageName());
		ProcessBuilder builder = new ProcessBuilder(command.build(binary.toString(), port, directory))
			.redirectErrorStream(true)
			.redirectOutput(directory.resolve("console.log").toFile());
		builder.environment().putAll(environment.build(port, directory));
		LocalServer started = new LocalServer(builder.start(), directory, port);
		started.awaitPort(Duration.ofSeconds(60));
		return started;
	}

	public int port() {
		return this.port;
	}

	public Path directory() {
		return this.directory;
	}

	private void awaitPort(Duration timeout) throws Exception {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (System.nanoTime() < deadline) {
			if (!this.process.isAlive()) {
				throw new IllegalStateException("server exited with " + this.process.exitValue() + ": "
						+ Files.readString(this.directory.resolve("console.log")));
			}
			try (Socket socket = new Socket()) {
				socket.connect(new InetSocketAddress("127.0.0.1", this.port), 500);
				return;
			}
			catch (IOException ex) {
				Thread.sleep(200);
			}
		}
		close();
		throw new IllegalStateException("server did not open port " + this.port + " within " + timeout);
	}

	/**
	 * Stops the server and its children, and removes its directory.
	 */
	@Override
	public void close() throws Exception {
		List<ProcessHandle> all = new ArrayList<>();
		this.process.descendants().forEach(all::add);
		all.add(this.process.toHandle());
		all.forEach(ProcessHandle::destroy);
		for (ProcessHandle handle : all) {
			try {
				handle.onExit().get(30, java.util.concurrent.TimeUnit.SECONDS);
			}
			catch (Exception ex) {
				handle.destroyForcibly();
			}
		}
		try (Stream<Path> files = Files.walk(this.directory)) {
			files.sorted(Comparator.reverseOrder()).forEach((file) -> file.toFile().delete());
		}
	}

	public static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
			return socket.getLocalPort();
		}
	}

	/** Builds a command line. */
	@FunctionalInterface
	public interface Command {

		List<String> build(String binary, int port, Path directory) throws IOException;

	}

	/** A server binary from a Debian package, and where to find it. */
	public enum Server {

		/** Redis, {@code /usr/bin/redis-server} on Debian. */
		REDIS("redis-server", "redis-server", "brew install redis"),

		/**
		 * RabbitMQ. Debian's {@code /usr/sbin/rabbitmq-server} is a wrapper that switches to the rabbitmq user; the
		 * script it calls, in {@code /usr/lib/rabbitmq/bin}, runs as the test's user.
		 */
		RABBITMQ("rabbitmq-server", "rabbitmq-server", "brew install rabbitmq");

		private final String packageName;

		private final String binaryName;

		private final String otherwise;

		Server(String packageName, String binaryName, String otherwise) {
			this.packageName = packageName;
			this.binaryName = binaryName;
			this.otherwise = otherwise;
		}

		public String packageName() {
			return this.packageName;
		}

		/**
		 * @return the executable, if installed
		 */
		public Optional<Path> binary() {
			for (String directory : searchPath()) {
				if (directory.isEmpty()) {
					continue;
				}
				File candidate = new File(directory, this.binaryName);
				if (candidate.isFile() && candidate.canExecute()) {
					return Optional.of(unwrap(candidate.toPath()));
				}
			}
			return Optional.empty();
		}

		private Path unwrap(Path found) {
			try {
				Path real = found.toRealPath();
				if (real.getFileName().toString().equals("rabbitmq-script-wrapper")) {
					Path script = real.resolveSibling(this.binaryName);
					if (Files.isExecutable(script)) {
						return script;
					}
				}
			}
			catch (IOException ex) {
				// use the file as found
			}
			return found;
		}

		/**
		 * @return why the tests that need it do not run, and how to install it
		 */
		public String missing() {
			return notFound() + ": " + install() + " to run these tests; -D" + REQUIRE_SERVERS
					+ "=true makes this a failure";
		}

		String notFound() {
			return this.binaryName + " not found (searched " + String.join(File.pathSeparator, searchPath()) + ")";
		}

		String install() {
			return "install it (Debian/Ubuntu: apt-get install " + this.packageName + "; macOS: " + this.otherwise + ")";
		}

		private static List<String> searchPath() {
			String configured = System.getProperty(SERVER_PATH);
			if (configured != null) {
				return List.of(configured.split(File.pathSeparator));
			}
			List<String> directories = new ArrayList<>();
			String path = System.getenv("PATH");
			if (path != null) {
				directories.addAll(List.of(path.split(File.pathSeparator)));
			}
			// Debian puts rabbitmq-server in /usr/sbin, which is not on a normal user's PATH.
			for (String sbin : List.of("/usr/local/sbin", "/usr/sbin")) {
				if (!directories.contains(sbin)) {
					directories.add(sbin);
				}
			}
			return directories;
		}

		String unmet() {
			return (binary().isPresent() || Boolean.getBoolean(REQUIRE_SERVERS)) ? null : missing();
		}

	}

	/** For {@code @Precondition}: redis-server is installed (or required). */
	public static final class RedisInstalled implements Precondition.Check {

		@Override
		public String unmet() {
			return Server.REDIS.unmet();
		}

	}

	/** For {@code @Precondition}: rabbitmq-server is installed (or required). */
	public static final class RabbitMqInstalled implements Precondition.Check {

		@Override
		public String unmet() {
			return Server.RABBITMQ.unmet();
		}

	}

	/** Builds environment variables. */
	@FunctionalInterface
	public interface Environment {

		Map<String, String> build(int port, Path directory) throws IOException;

	}

}
