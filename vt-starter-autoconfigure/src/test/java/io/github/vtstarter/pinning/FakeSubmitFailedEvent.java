package io.github.vtstarter.pinning;

import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A JFR event under the JDK's name for a failed virtual-thread submit, with the JDK's {@code exceptionMessage}
 * field: no test can make the JDK's scheduler refuse a task on demand, so this drives the monitor's real JFR
 * subscription instead, by name, as JFR enables settings by event name.
 */
// The JDK's name written out, not the source's constant: a typo there must make the test fail, not follow it.
@Name("jdk.VirtualThreadSubmitFailed")
@Label("Fake Virtual Thread Submit Failed")
@StackTrace(true)
public class FakeSubmitFailedEvent extends Event {

	@Label("Exception Message")
	String exceptionMessage;

	/**
	 * Commits one event.
	 * @param message the message of the exception the scheduler would have thrown
	 */
	public static void commit(String message) {
		FakeSubmitFailedEvent event = new FakeSubmitFailedEvent();
		event.exceptionMessage = message;
		event.commit();
	}

}
