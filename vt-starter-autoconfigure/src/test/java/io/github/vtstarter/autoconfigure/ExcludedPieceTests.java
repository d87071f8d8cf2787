package io.github.vtstarter.autoconfigure;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.vtstarter.autoconfigure.actuate.VirtualThreadsEndpoint;
import io.github.vtstarter.autoconfigure.actuate.VirtualThreadsEndpointAutoConfiguration;
import io.github.vtstarter.pinning.TestJdk;
import io.github.vtstarter.testsupport.RunningApp;
import io.github.vtstarter.testsupport.ThreadController;
import io.github.vtstarter.testsupport.ThreadInfo;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/configuration.md, "Switching off one piece": each auto-configuration its table lists can be excluded alone
 * ({@code spring.autoconfigure.exclude}): the application starts, the piece is gone, and the rest still works
 * (requests are served, and the endpoint, unless it is the piece excluded, still reports virtual threads on). The
 * rows are read from the document, so a row added there is tested here.
 */
@EnabledIf(TestJdk.VIRTUAL_THREADS)
class ExcludedPieceTests {

	static List<String> documentedPieces() throws Exception {
		Path doc = null;
		for (Path dir = Path.of("").toAbsolutePath(); dir != null && doc == null; dir = dir.getParent()) {
			if (Files.isRegularFile(dir.resolve("docs/configuration.md"))) {
				doc = dir.resolve("docs/configuration.md");
			}
		}
		assertThat(doc).as("docs/configuration.md").isNotNull();
		List<String> pieces = new ArrayList<>();
		Matcher row = Pattern.compile("(?m)^\\| `(io\\.github\\.vtstarter\\.[\\w.]+AutoConfiguration)` \\|")
			.matcher(Files.readString(doc, StandardCharsets.UTF_8));
		while (row.find()) {
			pieces.add(row.group(1));
		}
		assertThat(pieces).as("the rows of 'Switching off one piece'").hasSizeGreaterThan(10);
		return pieces;
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("documentedPieces")
	void excludedAloneTheRestStillWorks(String piece) throws Exception {
		Class<?> excluded = Class.forName(piece);
		try (RunningApp app = RunningApp.web(ThreadApp.class, "spring.autoconfigure.exclude=" + piece,
				"management.endpoints.web.exposure.include=virtualthreads")) {
			assertThat(app.context().getBeanNamesForType(excluded)).as("the excluded piece").isEmpty();
			assertThat(app.get("/thread", ThreadInfo.class)).as("a request is served").isNotNull();
			if (excluded != VirtualThreadsEndpointAutoConfiguration.class) {
				Map<String, Object> body = app.context().getBean(VirtualThreadsEndpoint.class).virtualThreads();
				assertThat(body).containsEntry("enabled", true);
			}
		}
	}

	@SpringBootConfiguration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	@Import(ThreadController.class)
	static class ThreadApp {

	}

}
