package io.github.vtstarter.test;

import java.lang.reflect.AnnotatedElement;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.BeforeTestExecutionCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.platform.commons.support.AnnotationSupport;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * The JUnit 5 extension behind {@link ShouldNotPin} and {@link ShouldPin}: marks the start and the
 * end of each annotated test in the shared JFR stream and judges the pinning events in between.
 * <p>
 * Registered by the annotations; JFR classes are only touched through {@link PinningRecorder},
 * which loads when an annotated test runs on Java 21 or later.
 */
public final class PinningAssertionExtension implements BeforeTestExecutionCallback, AfterTestExecutionCallback {

	private static final Namespace NAMESPACE = Namespace.create(PinningAssertionExtension.class);

	private static final int MAX_EVENTS_SHOWN = 5;

	private static final int MAX_FRAMES_SHOWN = 25;

	@Override
	public void beforeTestExecution(ExtensionContext context) {
		Expectation expectation = expectation(context);
		if (expectation == null || Runtime.version().feature() < 21) {
			return;
		}
		PinningRecorder recorder = context.getRoot()
			.getStore(NAMESPACE)
			.getOrComputeIfAbsent(PinningRecorder.class, (key) -> PinningRecorder.start(), PinningRecorder.class);
		context.getStore(NAMESPACE).put("start", recorder.mark("start"));
	}

	@Override
	public void afterTestExecution(ExtensionContext context) {
		Expectation expectation = expectation(context);
		if (expectation == null) {
			return;
		}
		if (Runtime.version().feature() < 21) {
			if (context.getExecutionException().isEmpty()) {
				throw new TestAbortedException("@" + expectation.annotation + " not checked: Java "
						+ Runtime.version().feature() + " has no virtual threads, so nothing can pin (the test "
						+ "itself ran and passed)");
			}
			return;
		}
		String start = context.getStore(NAMESPACE).remove("start", String.class);
		PinningRecorder recorder = context.getRoot().getStore(NAMESPACE).get(PinningRecorder.class, PinningRecorder.class);
		if (start == null || recorder == null) {
			return;
		}
		List<RecordedPin> pins = recorder.pinsBetween(start, recorder.mark("end"));
		List<RecordedPin> counted = pins.stream()
			.filter((pin) -> pin.duration().compareTo(expectation.threshold) >= 0)
			.collect(Collectors.toList());
		if (expectation.atMost >= 0 && counted.size() > expectation.atMost) {
			throw new AssertionFailedError(describe(expectation, counted, "at most " + expectation.atMost));
		}
		if (counted.size() < expectation.atLeast) {
			throw new AssertionFailedError(describe(expectation, counted, "at least " + expectation.atLeast));
		}
	}

	private static String describe(Expectation expectation, List<RecordedPin> pins, String allowed) {
		StringBuilder message = new StringBuilder("@").append(expectation.annotation).append(": ")
			.append(pins.size()).append((pins.size() == 1) ? " virtual thread pinned its carrier" : " times a virtual "
					+ "thread pinned its carrier")
			.append(" during the test (jdk.VirtualThreadPinned");
		if (!expectation.threshold.isZero()) {
			message.append(", at least ").append(expectation.threshold.toMillis()).append(" ms");
		}
		message.append("), expected ").append(allowed).append(" on Java ").append(Runtime.version().feature());
		int shown = 0;
		for (RecordedPin pin : pins) {
			if (shown++ == MAX_EVENTS_SHOWN) {
				message.append("\n... and ").append(pins.size() - MAX_EVENTS_SHOWN).append(" more");
				break;
			}
			message.append("\npinned ").append(pin.duration().toMillis()).append(" ms")
				.append(pin.threadName().isEmpty() ? "" : " on thread '" + pin.threadName() + "'")
				.append(" at ").append(pin.location());
			List<String> frames = pin.frames();
			for (int i = 0; i < frames.size() && i < MAX_FRAMES_SHOWN; i++) {
				message.append("\n\tat ").append(frames.get(i));
			}
			if (frames.size() > MAX_FRAMES_SHOWN || pin.truncated()) {
				message.append("\n\t...");
			}
		}
		return message.toString();
	}

	// The method's annotation wins over the class's (and an enclosing class's, for @Nested tests).
	private static Expectation expectation(ExtensionContext context) {
		Optional<ExtensionContext> current = Optional.of(context);
		while (current.isPresent()) {
			Optional<AnnotatedElement> element = current.get().getElement();
			if (element.isPresent()) {
				Optional<ShouldNotPin> shouldNotPin = AnnotationSupport.findAnnotation(element.get(), ShouldNotPin.class);
				Optional<ShouldPin> shouldPin = AnnotationSupport.findAnnotation(element.get(), ShouldPin.class);
				if (shouldNotPin.isPresent() && shouldPin.isPresent()) {
					throw new IllegalStateException(element.get() + " is annotated with both @ShouldNotPin and @ShouldPin");
				}
				if (shouldNotPin.isPresent()) {
					return new Expectation("ShouldNotPin", Duration.ofMillis(shouldNotPin.get().thresholdMillis()),
							shouldNotPin.get().atMost(), 0);
				}
				if (shouldPin.isPresent()) {
					return new Expectation("ShouldPin", Duration.ofMillis(shouldPin.get().thresholdMillis()), -1,
							shouldPin.get().atLeast());
				}
			}
			current = current.get().getParent();
		}
		return null;
	}

	private record Expectation(String annotation, Duration threshold, int atMost, int atLeast) {
	}

}
