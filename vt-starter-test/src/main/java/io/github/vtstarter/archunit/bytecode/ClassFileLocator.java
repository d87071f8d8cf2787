package io.github.vtstarter.archunit.bytecode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.Source;

/**
 * Finds the bytes of class files: of analysed classes through the location ArchUnit imported them
 * from ({@link JavaClass#getSource()}), of other types (JDK, libraries) on the classpath.
 */
public final class ClassFileLocator {

	private final ClassLoader classLoader;

	public ClassFileLocator(ClassLoader classLoader) {
		this.classLoader = classLoader;
	}

	public static ClassFileLocator forCurrentThread() {
		ClassLoader loader = Thread.currentThread().getContextClassLoader();
		return new ClassFileLocator((loader != null) ? loader : ClassFileLocator.class.getClassLoader());
	}

	/**
	 * The class file ArchUnit imported the class from, or the class path's copy when ArchUnit
	 * recorded no source.
	 * @param javaClass the imported class
	 * @return the class file or {@code null} if none can be found
	 */
	public byte[] read(JavaClass javaClass) {
		byte[] bytes = javaClass.getSource().map(Source::getUri).map(ClassFileLocator::read).orElse(null);
		return (bytes != null) ? bytes : readFromClassPath(javaClass.getName().replace('.', '/'));
	}

	/**
	 * The class file of a type on the class path, JDK types included.
	 * @param internalName the internal name, e.g. {@code java/io/InputStream}
	 * @return the class file or {@code null} if the type is not on the class path
	 */
	byte[] readFromClassPath(String internalName) {
		String resource = internalName + ".class";
		try (InputStream in = open(resource)) {
			return (in != null) ? in.readAllBytes() : null;
		}
		catch (IOException ex) {
			return null;
		}
	}

	private InputStream open(String resource) {
		InputStream in = this.classLoader.getResourceAsStream(resource);
		return (in != null) ? in : ClassLoader.getSystemResourceAsStream(resource);
	}

	private static byte[] read(URI uri) {
		try {
			if ("file".equals(uri.getScheme())) {
				return Files.readAllBytes(Path.of(uri));
			}
			try (InputStream in = uri.toURL().openStream()) {
				return in.readAllBytes();
			}
		}
		catch (IOException | UncheckedIOException | IllegalArgumentException ex) {
			return null;
		}
	}

}
