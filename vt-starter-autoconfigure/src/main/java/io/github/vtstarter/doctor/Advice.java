package io.github.vtstarter.doctor;

/**
 * One finding of the {@link DependencyDoctor}: a library on the class path in a version known to misbehave on
 * virtual threads.
 * @param id the catalogue entry's id
 * @param library the Maven coordinates found ({@code groupId:artifactId})
 * @param version the version found
 * @param fixedIn the first version without the problem: the one to move to
 * @param problem what goes wrong
 * @param source where it is documented
 */
public record Advice(String id, String library, String version, String fixedIn, String problem, String source) {

	/** @return the sentence logged for this finding */
	public String message() {
		return this.library + " " + this.version + " misbehaves on virtual threads: " + this.problem
				+ ". Move to " + this.fixedIn + " or later. Source: " + this.source;
	}

}
