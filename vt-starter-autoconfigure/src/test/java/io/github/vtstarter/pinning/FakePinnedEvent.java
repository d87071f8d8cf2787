package io.github.vtstarter.pinning;

import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A JFR event under the JDK's name for pinning, so that tests can feed the monitor's real JFR stream with
 * thousands of events on any JDK (JFR enables settings by event name).
 */
@Name(JfrPinningEventSource.PINNED_EVENT)
@Label("Fake Virtual Thread Pinned")
@StackTrace(true)
public class FakePinnedEvent extends Event {

	/**
	 * Commits one event that lasts about as long as the given action.
	 * @param during what happens while "pinned"
	 */
	public static void commit(Runnable during) {
		FakePinnedEvent event = new FakePinnedEvent();
		event.begin();
		during.run();
		event.commit();
	}

}
