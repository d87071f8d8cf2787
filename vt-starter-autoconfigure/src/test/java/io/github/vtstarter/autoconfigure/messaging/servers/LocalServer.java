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
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;

/**
 * A server binary of a Debian package (redis-server, rabbitmq-server), started by a test on 127.0.0.1 on a free
 * port with a temporary directory, and stopped after it; absent binaries abort the test with the package's name.
 */
public final class LocalServer implements AutoCloseable {

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
	 * @param packageName the Debian package that has the binary, named when it is missing
	 * @param binary the binary's absolute path
	 * @param command builds the command line from the free port and the temporary directory
	 * @param environment builds extra environment variables from the port and the directory
	 * @return the running server
	 * @throws Exception when it does not come up
	 */
	public static LocalServer start(String packageName, String binary, Command command, Environment environment)
			throws Exception {
		if (!new File(binary).canExecute()) {
			Assumptions.abort(binary + " not found: install Debian's " + packageName + " package "
					+ "(apt-get install " + packageName + ") to run this test");
		}
		int port = freePort();
		Path directory = Files.createTempDirectory(packageName);
		ProcessBuilder builder = new ProcessBuilder(command.build(port, directory)).redirectErrorStream(true)
			.redirectOutput(directory.resolve("console.log").toFile());
		builder.environment().putAll(environment.build(port, directory));
		LocalServer server = new LocalServer(builder.start(), directory, port);
		server.awaitPort(Duration.ofSeconds(60));
		return server;
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

		List<String> build(int port, Path directory) throws IOException;

	}

	/** Builds environment variables. */
	@FunctionalInterface
	public interface Environment {

		Map<String, String> build(int port, Path directory) throws IOException;

	}

}
