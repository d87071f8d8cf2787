package io.github.vtstarter.autoconfigure.docs;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Compares the key structure of a JSON sample in the docs with a real answer: every key at every depth, and the kind
 * of each value (object, array, string, number, boolean), never the values themselves.
 * <p>
 * Docs shorten their samples. An elision, {@code ...} outside a string (or a string that starts with {@code "..."},
 * such as {@code "... (56 more)"}), marks an object or array as partial: its shown keys must exist, others may too.
 * An object without an elision is complete: a key returned but not shown is drift, as is a key shown but not
 * returned. A fragment ({@code "pinning": {...}}) is read as the object around it, and brackets a sample leaves open
 * are closed.
 */
final class JsonShape {

	/** The key an elision becomes inside an object. */
	static final String ELISION = "\u2026";

	private static final ObjectMapper MAPPER = new ObjectMapper();

	private final Set<String> dynamicMaps = new LinkedHashSet<>();

	private final Set<String> optional = new LinkedHashSet<>();

	private final Set<String> ignored = new LinkedHashSet<>();

	/**
	 * Objects whose keys are data (executor names, listener kinds, feature names): only the values' shapes are
	 * compared, for the keys present on both sides.
	 * @param paths paths such as {@code executors}, with {@code *} for any key and {@code []} for array elements
	 * @return this
	 */
	JsonShape dynamic(String... paths) {
		this.dynamicMaps.addAll(List.of(paths));
		return this;
	}

	/**
	 * Keys that the code returns only in some states (documented in the field table, absent from the sample).
	 * @param paths full paths of the keys
	 * @return this
	 */
	JsonShape optional(String... paths) {
		this.optional.addAll(List.of(paths));
		return this;
	}

	/**
	 * Subtrees not compared here (another sample covers them).
	 * @param paths full paths
	 * @return this
	 */
	JsonShape ignore(String... paths) {
		this.ignored.addAll(List.of(paths));
		return this;
	}

	/**
	 * Parses a sample of the docs, elisions and all.
	 * @param sample the sample's text
	 * @return the tree, elisions turned into {@link #ELISION} keys or elements
	 */
	static JsonNode parseSample(String sample) {
		String json = lenient(sample);
		try {
			return MAPPER.readTree(json);
		}
		catch (JsonProcessingException ex) {
			throw new AssertionError("the sample is not JSON even with its elisions read as such: " + ex.getMessage()
					+ "\n" + json, ex);
		}
	}

	/**
	 * @param json a real answer
	 * @return its tree
	 */
	static JsonNode parse(String json) {
		try {
			return MAPPER.readTree(json);
		}
		catch (JsonProcessingException ex) {
			throw new AssertionError("not JSON: " + json, ex);
		}
	}

	static String lenient(String sample) {
		String text = sample.strip();
		if (text.startsWith("\"")) {
			// A fragment of a larger object: the object around it is partial.
			text = "{...," + text + "}";
		}
		StringBuilder out = new StringBuilder();
		Deque<Character> open = new ArrayDeque<>();
		boolean inString = false;
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (inString) {
				out.append(c);
				if (c == '\\' && i + 1 < text.length()) {
					out.append(text.charAt(++i));
				}
				else if (c == '"') {
					inString = false;
				}
				continue;
			}
			if (c == '"') {
				inString = true;
				out.append(c);
			}
			else if (c == '{' || c == '[') {
				open.push(c);
				out.append(c);
			}
			else if (c == '}' || c == ']') {
				if (!open.isEmpty()) {
					open.pop();
				}
				out.append(c);
			}
			else if (text.startsWith("...", i)) {
				i += 2;
				boolean value = out.toString().stripTrailing().endsWith(":");
				boolean key = !value && !open.isEmpty() && open.peek() == '{';
				out.append(key ? "\"" + ELISION + "\": 0" : "\"" + ELISION + "\"");
			}
			else {
				out.append(c);
			}
		}
		// A sample that stops before its end elides the rest of what it leaves open.
		while (!open.isEmpty()) {
			out.append((open.pop() == '{') ? ", \"" + ELISION + "\": 0}" : ", \"" + ELISION + "\"]");
		}
		// Elisions leave commas next to closers or to each other.
		return out.toString().replaceAll(",\\s*([}\\]])", "$1").replaceAll("([{\\[])\\s*,", "$1").replaceAll(",\\s*,", ",");
	}

	/**
	 * Every difference between the sample's structure and the answer's.
	 * @param sample the sample, from {@link #parseSample}
	 * @param actual the real answer
	 * @return the differences, each naming its path; empty when the sample's structure is true
	 */
	List<String> differences(JsonNode sample, JsonNode actual) {
		List<String> differences = new ArrayList<>();
		compare("", sample, actual, differences);
		return new ArrayList<>(new LinkedHashSet<>(differences));
	}

	private void compare(String path, JsonNode sample, JsonNode actual, List<String> differences) {
		if (this.ignored.contains(path) || sample == null || actual == null || sample.isNull() || actual.isNull()) {
			return;
		}
		if (sample.isObject()) {
			if (!actual.isObject()) {
				differences.add(label(path) + ": the docs show an object, the endpoint returns " + kind(actual));
				return;
			}
			if (this.dynamicMaps.contains(path)) {
				for (Iterator<String> keys = sample.fieldNames(); keys.hasNext();) {
					String key = keys.next();
					if (actual.has(key)) {
						compare(child(path, "*"), sample.get(key), actual.get(key), differences);
					}
				}
				return;
			}
			boolean partial = sample.has(ELISION);
			for (Iterator<String> keys = sample.fieldNames(); keys.hasNext();) {
				String key = keys.next();
				if (key.equals(ELISION)) {
					continue;
				}
				if (this.ignored.contains(child(path, key))) {
					continue;
				}
				if (!actual.has(key)) {
					differences.add(child(path, key) + ": in the docs, not returned");
				}
				else {
					compare(child(path, key), sample.get(key), actual.get(key), differences);
				}
			}
			if (!partial) {
				for (Iterator<String> keys = actual.fieldNames(); keys.hasNext();) {
					String key = keys.next();
					if (!sample.has(key) && !this.optional.contains(child(path, key))
							&& !this.ignored.contains(child(path, key))) {
						differences.add(child(path, key) + ": returned, not in the docs");
					}
				}
			}
		}
		else if (sample.isArray()) {
			if (!actual.isArray()) {
				differences.add(label(path) + ": the docs show an array, the endpoint returns " + kind(actual));
				return;
			}
			for (JsonNode shown : sample) {
				if (isElision(shown)) {
					continue;
				}
				for (JsonNode element : actual) {
					compare(path + "[]", shown, element, differences);
				}
			}
		}
		else if (!isElision(sample) && !kind(sample).equals(kind(actual))) {
			differences.add(label(path) + ": the docs show " + kind(sample) + ", the endpoint returns " + kind(actual));
		}
	}

	private static boolean isElision(JsonNode node) {
		return node.isTextual() && (node.asText().equals(ELISION) || node.asText().startsWith("..."));
	}

	private static String child(String path, String key) {
		return path.isEmpty() ? key : path + "." + key;
	}

	private static String label(String path) {
		return path.isEmpty() ? "(root)" : path;
	}

	private static String kind(JsonNode node) {
		if (node.isObject()) {
			return "an object";
		}
		if (node.isArray()) {
			return "an array";
		}
		if (node.isNumber()) {
			return "a number";
		}
		if (node.isBoolean()) {
			return "a boolean";
		}
		return node.isTextual() ? "a string" : node.getNodeType().toString();
	}

}
