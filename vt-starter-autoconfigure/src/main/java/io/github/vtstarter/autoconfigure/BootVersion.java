package io.github.vtstarter.autoconfigure;

import org.springframework.boot.SpringBootVersion;
import org.springframework.util.ClassUtils;

/**
 * The running Spring Boot's {@code major.minor}, compared with the release that brought a feature.
 */
public final class BootVersion {

	// Boot 3.2 brought Threading; Boot 4 moved it.
	private static final String[] THREADING_CLASSES = { "org.springframework.boot.autoconfigure.thread.Threading",
			"org.springframework.boot.thread.Threading" };

	private final String text;

	private final int major;

	private final int minor;

	private BootVersion(String text, int major, int minor) {
		this.text = text;
		this.major = major;
		this.minor = minor;
	}

	/**
	 * The running Boot. The version comes from Boot's jar manifest; where a repackaging lost it, the presence
	 * of Boot 3.2's {@code Threading} class (in either of its packages) tells 3.1 from 3.2+.
	 * @return the running Boot's version
	 */
	public static BootVersion current() {
		String version = SpringBootVersion.getVersion();
		if (version != null) {
			String[] parts = version.split("[.-]");
			try {
				return new BootVersion(version, Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
			}
			catch (RuntimeException ex) {
				// fall through to the class probe
			}
		}
		boolean threading = false;
		for (String threadingClass : THREADING_CLASSES) {
			threading |= ClassUtils.isPresent(threadingClass, BootVersion.class.getClassLoader());
		}
		return threading ? new BootVersion("3.2+ (version unknown)", 3, 2) : new BootVersion("3.1 (version unknown)", 3, 1);
	}

	/**
	 * Whether Boot 3.2+ configures virtual threads itself.
	 * @return {@code true} on Boot 3.2 or later
	 */
	public boolean hasNativeVirtualThreads() {
		return isAtLeast("3.2");
	}

	/**
	 * Compares with a {@code major.minor} version.
	 * @param version a version such as {@code 3.2}
	 * @return whether this Boot is that version or later
	 */
	public boolean isAtLeast(String version) {
		String[] parts = version.split("\\.");
		int wantedMajor = Integer.parseInt(parts[0]);
		int wantedMinor = Integer.parseInt(parts[1]);
		return (this.major != wantedMajor) ? this.major > wantedMajor : this.minor >= wantedMinor;
	}

	@Override
	public String toString() {
		return this.text;
	}

}
