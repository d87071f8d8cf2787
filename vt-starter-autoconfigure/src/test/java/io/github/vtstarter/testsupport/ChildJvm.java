package io.github.vtstarter.testsupport;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a class's {@code main} in a JVM of its own, for what only a whole process shows (JVM exit,
 * shutdown hooks, the scheduler's carriers, a runtime without a module): the java and class path of
 * the JVM running the tests, so that a suite run on JDK 21 starts its children on JDK 21 too.
 */
public final class ChildJvm {

	private ChildJvm() {
	}

	/**
	 * Starts the class, its output and errors going to a log file.
	 * @param log the file the output goes to
	 * @param jvmOptions options before the class ({@code -D...}, {@code --limit-modules ...})
	 * @param main the class whose {@code main} runs
	 * @param args the arguments of {@code main}
	 * @return the process
	 * @throws IOException if the JVM cannot be started
	 */
	public static Process start(Path log, List<String> jvmOptions, Class<?> main, String... args) throws IOException {
		return builder(jvmOptions, main, args).redirectOutput(log.toFile()).start();
	}

	/**
	 * Starts the class, its output and errors readable from {@link Process#getInputStream()}.
	 * @param jvmOptions options before the class
	 * @param main the class whose {@code main} runs
	 * @param args the arguments of {@code main}
	 * @return the process
	 * @throws IOException if the JVM cannot be started
	 */
	public static Process start(List<String> jvmOptions, Class<?> main, String... args) throws IOException {
		return builder(jvmOptions, main, args).start();
	}

	private static ProcessBuilder builder(List<String> jvmOptions, Class<?> main, String... args) {
		List<String> command = new ArrayList<>();
		command.add(ProcessHandle.current().info().command().orElseThrow());
		command.addAll(jvmOptions);
		command.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
		command.addAll(List.of(args));
		return new ProcessBuilder(command).redirectErrorStream(true);
	}

}
