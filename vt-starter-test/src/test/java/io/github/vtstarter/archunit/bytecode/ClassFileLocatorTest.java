package io.github.vtstarter.archunit.bytecode;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;

import io.github.vtstarter.archunit.GeneratedClassFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link ClassFileLocator}: class files of the class path, through the given class loader first.
 */
class ClassFileLocatorTest {

	@TempDir
	Path dir;

	@Test
	void readsJdkClassFilesAndNothingForUnknownTypes() {
		ClassFileLocator locator = new ClassFileLocator(ClassLoader.getPlatformClassLoader());
		assertThat(locator.readFromClassPath("java/lang/String")).startsWith(0xCA, 0xFE, 0xBA, 0xBE);
		assertThat(locator.readFromClassPath("com/acme/NoSuchType")).isNull();
	}

	@Test
	void readsClassFilesOnlyItsClassLoaderSees() throws IOException {
		GeneratedClassFiles.inDirectory(this.dir);
		try (URLClassLoader loader = new URLClassLoader(new URL[] { this.dir.toUri().toURL() }, null)) {
			assertThat(new ClassFileLocator(loader).readFromClassPath(GeneratedClassFiles.SLEEPER))
				.isEqualTo(GeneratedClassFiles.sleeper());
		}
	}

	@Test
	void forCurrentThreadUsesTheContextClassLoaderOrElseItsOwn() throws IOException {
		GeneratedClassFiles.inDirectory(this.dir);
		Thread thread = Thread.currentThread();
		ClassLoader original = thread.getContextClassLoader();
		try (URLClassLoader loader = new URLClassLoader(new URL[] { this.dir.toUri().toURL() }, null)) {
			thread.setContextClassLoader(loader);
			assertThat(ClassFileLocator.forCurrentThread().readFromClassPath(GeneratedClassFiles.SLEEPER)).isNotNull();
			thread.setContextClassLoader(null);
			ClassFileLocator locator = ClassFileLocator.forCurrentThread();
			assertThat(locator.readFromClassPath("java/lang/String")).isNotNull();
			assertThat(locator.readFromClassPath(GeneratedClassFiles.SLEEPER)).isNull();
		}
		finally {
			thread.setContextClassLoader(original);
		}
	}

}
