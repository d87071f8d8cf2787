package io.github.vtstarter.testsupport;

import java.net.URL;
import java.net.URLClassLoader;

/**
 * Loads vt-starter's own classes ({@code io.github.vtstarter.*}) afresh, from the module's class directories, and
 * everything else (Spring, logging) from the test's class loader: static state such as
 * {@link io.github.vtstarter.autoconfigure.DegradedFeatures}' record is then the loader's own, and a test can fill
 * it without touching the record every other test of the JVM reads.
 */
public final class ChildFirstClassLoader extends URLClassLoader {

	private static final String OWN = "io.github.vtstarter.";

	public ChildFirstClassLoader(ClassLoader parent, Class<?>... from) {
		super(locations(from), parent);
	}

	private static URL[] locations(Class<?>... from) {
		URL[] urls = new URL[from.length];
		for (int i = 0; i < from.length; i++) {
			urls[i] = from[i].getProtectionDomain().getCodeSource().getLocation();
		}
		return urls;
	}

	@Override
	protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
		if (!name.startsWith(OWN)) {
			return super.loadClass(name, resolve);
		}
		synchronized (getClassLoadingLock(name)) {
			Class<?> loaded = findLoadedClass(name);
			if (loaded == null) {
				loaded = findClass(name);
			}
			if (resolve) {
				resolveClass(loaded);
			}
			return loaded;
		}
	}

}
