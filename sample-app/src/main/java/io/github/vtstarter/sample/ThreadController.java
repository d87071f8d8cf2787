package io.github.vtstarter.sample;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Shows which thread served the request.
 */
@RestController
public class ThreadController {

	/** The thread that served a request; a record, so the JSON keys come in this order. */
	public record ServedBy(String name, boolean virtual) {
	}

	@GetMapping("/thread")
	public ServedBy thread() {
		Thread thread = Thread.currentThread();
		return new ServedBy(thread.getName(), thread.toString().startsWith("VirtualThread"));
	}

}
