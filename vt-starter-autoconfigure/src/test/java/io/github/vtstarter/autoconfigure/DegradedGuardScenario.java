package io.github.vtstarter.autoconfigure;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import io.github.vtstarter.autoconfigure.actuate.VirtualThreadsEndpoint;
import io.github.vtstarter.autoconfigure.pinning.PinningProperties;
import org.apache.commons.logging.Log;

import org.springframework.mock.env.MockEnvironment;

/**
 * Runs in a class loader of its own ({@link DegradedGuardTests}), so that the {@link DegradedFeatures} record it fills
 * is that loader's, not the one every other test of the JVM reads: one failure (or success) through
 * {@link DegradedFeatures#guard}, and what then shows. Returns only JDK types, which cross class loaders.
 */
public class DegradedGuardScenario implements Function<String, Map<String, Object>> {

	static final String FEATURE = "counting the test's server threads";

	@Override
	public Map<String, Object> apply(String scenario) {
		List<String> warnings = new ArrayList<>();
		List<Throwable> causes = new ArrayList<>();
		Log log = (Log) Proxy.newProxyInstance(Log.class.getClassLoader(), new Class<?>[] { Log.class },
				(proxy, method, args) -> {
					if (method.getName().equals("warn")) {
						warnings.add(String.valueOf(args[0]));
						causes.add((args.length > 1) ? (Throwable) args[1] : null);
					}
					return method.getReturnType().equals(boolean.class) ? Boolean.TRUE : null;
				});
		AtomicInteger runs = new AtomicInteger();
		Map<String, Object> result = new LinkedHashMap<>();
		try {
			result.put("returned", run(scenario, log, runs));
		}
		catch (Throwable ex) {
			result.put("thrown", ex.getClass().getName() + ": " + ex.getMessage());
		}
		result.put("runs", runs.get());
		result.put("warnings", warnings);
		result.put("causes", causes.stream().map((cause) -> (cause != null) ? cause.toString() : "none").toList());
		result.put("degraded", new LinkedHashMap<>(DegradedFeatures.all()));
		result.put("endpoint", new LinkedHashMap<>((Map<?, ?>) new VirtualThreadsEndpoint(null, null,
				new PinningProperties(), new MockEnvironment())
			.virtualThreads()
			.get("degraded")));
		return result;
	}

	private static boolean run(String scenario, Log log, AtomicInteger runs) {
		return switch (scenario) {
			case "runtime" -> DegradedFeatures.guard(log, FEATURE, fail(runs, new IllegalStateException("a method moved")));
			case "linkage" -> DegradedFeatures.guard(log, FEATURE,
					fail(runs, new NoClassDefFoundError("org/springframework/boot/web/Moved")));
			case "twice" -> DegradedFeatures.guard(log, FEATURE, fail(runs, new IllegalStateException("first")))
					| DegradedFeatures.guard(log, FEATURE, fail(runs, new NoSuchMethodError("second")));
			case "success" -> DegradedFeatures.guard(log, FEATURE, runs::incrementAndGet);
			case "invalid" -> DegradedFeatures.guard(log, FEATURE, fail(runs,
					new InvalidVirtualThreadsPropertyException("vtstarter.x", "-1", "it must be positive")));
			case "assertion" -> DegradedFeatures.guard(log, FEATURE, fail(runs, new AssertionError("not ours to hide")));
			default -> throw new IllegalArgumentException(scenario);
		};
	}

	private static Runnable fail(AtomicInteger runs, Throwable failure) {
		return () -> {
			runs.incrementAndGet();
			if (failure instanceof RuntimeException runtime) {
				throw runtime;
			}
			throw (Error) failure;
		};
	}

}
