package io.github.vtstarter.testsupport;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Answers with the thread that served the request.
 */
@RestController
public class ThreadController {

	@GetMapping("/thread")
	public ThreadInfo thread() {
		return ThreadInfo.current();
	}

}
