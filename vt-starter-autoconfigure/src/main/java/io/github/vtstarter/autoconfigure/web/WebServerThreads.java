package io.github.vtstarter.autoconfigure.web;

/**
 * The names under which web-server threads are counted ({@code /actuator/virtualthreads}, {@code executor.*}
 * meters) and the prefixes of their thread names, as Boot 3.2+ names them. Kept apart from the customizers,
 * which use Boot 3.1's server types, so that code for later Boot lines can use the names without loading them.
 */
public final class WebServerThreads {

	/** Tomcat's request executor. */
	public static final String TOMCAT = "tomcat";

	/** The prefix of Tomcat's request threads. */
	public static final String TOMCAT_THREAD_PREFIX = "tomcat-handler-";

	/** Jetty's virtual-threads executor. */
	public static final String JETTY = "jetty";

	/** The prefix of Jetty's request threads. */
	public static final String JETTY_THREAD_PREFIX = "jetty-";

	/** Undertow's deployment executor. */
	public static final String UNDERTOW = "undertow";

	/** The prefix of Undertow's request threads. */
	public static final String UNDERTOW_THREAD_PREFIX = "undertow-";

	private WebServerThreads() {
	}

}
