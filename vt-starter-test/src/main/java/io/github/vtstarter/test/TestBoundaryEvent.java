package io.github.vtstarter.test;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * Marks the start and the end of a test in the JFR stream. Its timestamps bound the pinning
 * events that belong to the test, and seeing the end marker come out of the stream proves that
 * every event committed before it has been delivered.
 */
@Name("io.github.vtstarter.test.TestBoundary")
@Label("Test Boundary")
@Category("vt-starter")
@Description("Start or end of a test checked with @ShouldNotPin or @ShouldPin")
@StackTrace(false)
final class TestBoundaryEvent extends jdk.jfr.Event {

	@Label("Marker")
	String marker;

}
