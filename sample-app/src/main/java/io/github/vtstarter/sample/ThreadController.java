package io.github.vtstarter.sample;

import java.util.Map;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Shows which thread served the request.
 */
@RestController
public class ThreadController {

	@GetMapping("/thread")
	public Map<String, Object> thread() {
		Thread thread = Thread.currentThread();
		return Map.of("name", thread.getName(), "virtual", thread.toString().startsWith("VirtualThread"));
	}

}
