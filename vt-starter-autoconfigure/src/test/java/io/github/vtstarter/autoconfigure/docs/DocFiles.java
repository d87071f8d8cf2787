package io.github.vtstarter.autoconfigure.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The project's Markdown documents as the tests read them: fenced blocks, each with the marker comment on the line
 * before it ({@code <!-- sample: id -->} for a sample a test checks, {@code <!-- unchecked: why -->} for one no test
 * can check), and tables.
 */
final class DocFiles {

	private static final Pattern FENCE = Pattern.compile("^```(\\S*)\\s*$");

	private static final Pattern MARKER = Pattern.compile("^<!--\\s*(sample|unchecked):\\s*(.*?)\\s*-->\\s*$");

	private static final Pattern CODE = Pattern.compile("`([^`]+)`");

	private DocFiles() {
	}

	/**
	 * The repository's root: the tests run in the module's directory.
	 * @return the directory that holds {@code docs} and {@code README.md}
	 */
	static Path root() {
		Path here = Path.of("").toAbsolutePath();
		for (Path dir = here; dir != null; dir = dir.getParent()) {
			if (Files.isDirectory(dir.resolve("docs")) && Files.isRegularFile(dir.resolve("README.md"))
					&& Files.isDirectory(dir.resolve("vt-starter-autoconfigure"))) {
				return dir;
			}
		}
		throw new IllegalStateException("no repository root above " + here);
	}

	/**
	 * @param name a document, relative to the root ({@code docs/observability.md}, {@code README.md})
	 * @return its lines
	 */
	static List<String> lines(String name) {
		try {
			return Files.readAllLines(root().resolve(name), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * @param name a document
	 * @return its text
	 */
	static String text(String name) {
		return String.join("\n", lines(name));
	}

	/**
	 * Every fenced block of a document.
	 * @param name the document
	 * @return the blocks, in order
	 */
	static List<Block> blocks(String name) {
		List<String> lines = lines(name);
		List<Block> blocks = new ArrayList<>();
		for (int i = 0; i < lines.size(); i++) {
			Matcher fence = FENCE.matcher(lines.get(i));
			if (!fence.matches()) {
				continue;
			}
			int end = i + 1;
			while (end < lines.size() && !lines.get(end).startsWith("```")) {
				end++;
			}
			String kind = null;
			String value = null;
			if (i > 0) {
				Matcher marker = MARKER.matcher(lines.get(i - 1));
				if (marker.matches()) {
					kind = marker.group(1);
					value = marker.group(2);
				}
			}
			blocks.add(new Block(name, i + 1, fence.group(1), kind, value, lines.subList(i + 1, end)));
			i = end;
		}
		return blocks;
	}

	/**
	 * The sample a test checks, by its marker.
	 * @param name the document
	 * @param id the id in {@code <!-- sample: id -->}
	 * @return the block's text
	 */
	static String sample(String name, String id) {
		List<Block> found = blocks(name).stream().filter((block) -> id.equals(block.sampleId())).toList();
		if (found.size() != 1) {
			throw new AssertionError(name + " has " + found.size() + " blocks marked <!-- sample: " + id
					+ " -->, expected exactly 1");
		}
		return found.get(0).text();
	}

	/**
	 * The rows of the first table after a heading whose header row starts with the given cells.
	 * @param name the document
	 * @param heading a heading line's text (without the hashes), or {@code null} for the whole document
	 * @param header the first cells of the header row
	 * @return the rows below the header and its separator, cells trimmed
	 */
	static List<List<String>> table(String name, String heading, String... header) {
		List<String> lines = lines(name);
		int start = 0;
		if (heading != null) {
			start = -1;
			for (int i = 0; i < lines.size(); i++) {
				if (lines.get(i).startsWith("#") && lines.get(i).replaceFirst("^#+\\s*", "").equals(heading)) {
					start = i;
					break;
				}
			}
			if (start < 0) {
				throw new AssertionError(name + " has no heading '" + heading + "'");
			}
		}
		for (int i = start; i < lines.size(); i++) {
			List<String> cells = cells(lines.get(i));
			if (cells.size() >= header.length && cells.subList(0, header.length).equals(Arrays.asList(header))) {
				List<List<String>> rows = new ArrayList<>();
				for (int row = i + 2; row < lines.size() && lines.get(row).startsWith("|"); row++) {
					rows.add(cells(lines.get(row)));
				}
				return rows;
			}
		}
		throw new AssertionError(name + " has no table " + Arrays.toString(header) + " under '" + heading + "'");
	}

	private static List<String> cells(String line) {
		if (!line.startsWith("|")) {
			return List.of();
		}
		// A pipe inside backticks is not a cell boundary.
		List<String> cells = new ArrayList<>();
		StringBuilder cell = new StringBuilder();
		boolean code = false;
		for (int i = 1; i < line.length(); i++) {
			char c = line.charAt(i);
			if (c == '`') {
				code = !code;
			}
			if (c == '|' && !code) {
				cells.add(cell.toString().trim());
				cell.setLength(0);
			}
			else {
				cell.append(c);
			}
		}
		return cells;
	}

	/**
	 * @param text Markdown
	 * @return the contents of its code spans, in order
	 */
	static List<String> codeSpans(String text) {
		List<String> spans = new ArrayList<>();
		Matcher matcher = CODE.matcher(text);
		while (matcher.find()) {
			spans.add(matcher.group(1));
		}
		return spans;
	}

	/**
	 * A fenced block.
	 * @param doc the document
	 * @param line the line number of its opening fence (1-based)
	 * @param language the fence's language, empty for none
	 * @param markerKind {@code sample}, {@code unchecked} or {@code null} without a marker
	 * @param markerValue the sample's id, or why it is unchecked
	 * @param body the lines between the fences
	 */
	record Block(String doc, int line, String language, String markerKind, String markerValue, List<String> body) {

		String sampleId() {
			return "sample".equals(this.markerKind) ? this.markerValue : null;
		}

		String text() {
			return String.join("\n", this.body);
		}

		@Override
		public String toString() {
			return this.doc + ":" + this.line + " (```" + this.language + ")";
		}

	}

}
