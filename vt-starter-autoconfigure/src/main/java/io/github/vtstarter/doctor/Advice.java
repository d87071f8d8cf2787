package io.github.vtstarter.doctor;

/**
 * One finding of the {@link DependencyDoctor}: a library on the class path in a version known to misbehave on
 * virtual threads on the running Java, and how to move on.
 * @param id the catalogue entry's id
 * @param library the library's name ({@code MySQL Connector/J})
 * @param artifact the {@code groupId:artifactId} whose {@code pom.properties} gave the version, or {@code null} when
 * it came from the jar's manifest
 * @param version the version found
 * @param jar the jar it was read from ({@code mysql-connector-j-8.0.33.jar})
 * @param java the Java releases on which the problem exists ({@code 21-23}), or {@code null} for every Java with
 * virtual threads
 * @param fixedIn the first version without the problem, or {@code null} when no release fixes it
 * @param problem what goes wrong
 * @param howToMoveOn what to do: the version to move to and how, with Spring Boot's dependency management
 * @param source where it is documented
 * @param notInUse why the library cannot misbehave in this application although it is on the class path (a JDBC
 * driver no DataSource connects through), or {@code null} when it is used or may be
 */
public record Advice(String id, String library, String artifact, String version, String jar, String java,
		String fixedIn, String problem, String howToMoveOn, String source, String notInUse) {

	/** @return whether the application uses the library, or may: then the finding is an alarm */
	public boolean inUse() {
		return this.notInUse == null;
	}

	/** @return the sentence logged for this finding */
	public String message() {
		String onJava = (this.java != null) ? " on Java " + this.java : "";
		if (!inUse()) {
			return this.library + " " + this.version + " (" + this.jar + ") is on the class path, but "
					+ this.notInUse + ": nothing to do while none does. This version misbehaves on virtual threads"
					+ onJava + " (" + this.problem + "). " + this.howToMoveOn + " Source: " + this.source;
		}
		return this.library + " " + this.version + " (" + this.jar + ") misbehaves on virtual threads" + onJava + ": "
				+ this.problem + ". " + this.howToMoveOn + " Source: " + this.source;
	}

}
