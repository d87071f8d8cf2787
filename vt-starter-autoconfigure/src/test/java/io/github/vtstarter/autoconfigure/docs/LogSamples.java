package io.github.vtstarter.autoconfigure.docs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Log samples of the docs against a real log. A sample's record (a header line and the lines that continue it: a
 * stack, a thread's name) matches a real record when the level, the thread, the logger's class and the message are
 * the same once the varying parts are masked: every number (times, pids, thread ids, counts, durations, line
 * numbers, versions), and what the docs elide, {@code (...)} or {@code ...}. Continuation lines of the sample must
 * appear among the real record's, in the same order.
 * <p>
 * Both Boot's console pattern ({@code 2026-11-25T22:28:17.630Z  WARN 2323 --- [pendency-doctor] i.g.v.a.doctor.X :
 * message}) and the docs' shortened one ({@code 22:28:17.630Z  WARN [eduler-watchdog] X : message}) are read.
 */
final class LogSamples {

	private static final Pattern HEADER = Pattern.compile("^(?:\\S+\\s+)?(TRACE|DEBUG|INFO|WARN|ERROR)\\s+"
			+ "(?:\\d+\\s+---\\s+)?(?:\\[[^\\]]*\\]\\s+)*?\\[([^\\]]*)\\]\\s+(\\S+)\\s+:\\s(.*)$");

	// An elision, or a number with the plural noun after it ("0 tasks" is "1 task" in another run).
	private static final Pattern MASKED = Pattern.compile("\\(\\.\\.\\.\\)|\\.\\.\\.|\\d+(?: [a-z]+s\\b)?");

	private LogSamples() {
	}

	/**
	 * Splits a log into records.
	 * @param log the text, as written
	 * @return the records; lines before the first header are dropped
	 */
	static List<LogRecord> records(String log) {
		List<LogRecord> records = new ArrayList<>();
		LogRecord current = null;
		for (String line : log.split("\\R")) {
			Matcher header = HEADER.matcher(line);
			if (header.matches()) {
				current = new LogRecord(header.group(1), header.group(2).trim(), simpleName(header.group(3)),
						header.group(4), new ArrayList<>());
				records.add(current);
			}
			else if (current != null && isContinuation(line)) {
				current.continuation().add(line.strip());
			}
			else {
				current = null;
			}
		}
		return records;
	}

	private static boolean isContinuation(String line) {
		return line.startsWith("\t") || line.startsWith(" ") || line.startsWith("\"") || line.startsWith("...");
	}

	private static String simpleName(String logger) {
		return logger.substring(logger.lastIndexOf('.') + 1);
	}

	/**
	 * The records of a sample that no real record matches.
	 * @param sample the docs' sample (one or more records)
	 * @param log the real log
	 * @param substitutions literal replacements in the sample before it is compared (a class of the sample app for
	 * the test's own), may be empty
	 * @return a description of each sample record without a match, with the real records closest to it; empty when
	 * every record matches
	 */
	static List<String> unmatched(String sample, String log, Map<String, String> substitutions) {
		String text = sample;
		for (Map.Entry<String, String> substitution : substitutions.entrySet()) {
			text = text.replace(substitution.getKey(), substitution.getValue());
		}
		List<LogRecord> real = records(log);
		List<String> unmatched = new ArrayList<>();
		List<LogRecord> shown = records(text);
		if (shown.isEmpty()) {
			throw new AssertionError("no log record in the sample:\n" + sample);
		}
		for (LogRecord record : shown) {
			if (real.stream().noneMatch(record::matches)) {
				StringBuilder why = new StringBuilder("no real record matches the docs' " + record.level() + " ["
						+ record.thread() + "] " + record.logger() + " : " + abbreviate(record.message()));
				List<LogRecord> near = real.stream()
					.filter((candidate) -> candidate.level().equals(record.level())
							&& candidate.logger().equals(record.logger()))
					.toList();
				why.append(near.isEmpty() ? "\n  (no real " + record.level() + " of " + record.logger() + " at all)"
						: "");
				for (LogRecord candidate : near) {
					why.append("\n  real: [").append(candidate.thread()).append("] ").append(candidate.message());
					if (!candidate.continuation().isEmpty()) {
						why.append("\n        ").append(String.join("\n        ", candidate.continuation()));
					}
				}
				unmatched.add(why.toString());
			}
		}
		return unmatched;
	}

	/**
	 * Whether a message of the docs (a line that is not a whole log record) has the form of a real message.
	 * @param shown the docs' message, with its elisions
	 * @param message a real message
	 * @return whether it matches, numbers masked
	 */
	static boolean messageMatches(String shown, String message) {
		return pattern(shown).matcher(message).matches();
	}

	static Pattern pattern(String shown) {
		StringBuilder regex = new StringBuilder();
		Matcher matcher = MASKED.matcher(shown);
		int last = 0;
		while (matcher.find()) {
			regex.append(Pattern.quote(shown.substring(last, matcher.start())));
			String masked = matcher.group();
			if (!Character.isDigit(masked.charAt(0))) {
				regex.append(".*?");
			}
			else if (masked.contains(" ")) {
				String noun = masked.substring(masked.indexOf(' ') + 1, masked.length() - 1);
				regex.append("\\d+ ").append(Pattern.quote(noun)).append("s?");
			}
			else {
				regex.append("\\d+");
			}
			last = matcher.end();
		}
		regex.append(Pattern.quote(shown.substring(last)));
		return Pattern.compile(regex.toString(), Pattern.DOTALL);
	}

	private static String abbreviate(String text) {
		return (text.length() > 200) ? text.substring(0, 200) + "..." : text;
	}

	/**
	 * A log record.
	 * @param level its level
	 * @param thread its thread as printed (Boot cuts it to its last 15 characters)
	 * @param logger the logger's class, without the package
	 * @param message the first line of the message
	 * @param continuation the lines that continue it, stripped
	 */
	record LogRecord(String level, String thread, String logger, String message, List<String> continuation) {

		/**
		 * Whether a real record has this (sample) record's form.
		 * @param real a real record
		 * @return whether it matches
		 */
		boolean matches(LogRecord real) {
			if (!this.level.equals(real.level) || !this.logger.equals(real.logger)
					|| !pattern(this.thread).matcher(real.thread).matches()
					|| !pattern(this.message).matcher(real.message).matches()) {
				return false;
			}
			int from = 0;
			for (String line : this.continuation) {
				if (line.equals("...") || line.equals("at ...")) {
					continue;
				}
				Pattern expected = pattern(line);
				int found = -1;
				for (int i = from; i < real.continuation.size(); i++) {
					if (expected.matcher(real.continuation.get(i)).matches()) {
						found = i;
						break;
					}
				}
				if (found < 0) {
					return false;
				}
				from = found + 1;
			}
			return true;
		}

	}

	/**
	 * @return an empty substitution map, for readability at call sites
	 */
	static Map<String, String> none() {
		return new LinkedHashMap<>();
	}

}
