package io.github.vtstarter.sample.bench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.springframework.beans.factory.annotation.AnnotatedBeanDefinition;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.metrics.buffering.BufferingApplicationStartup;
import org.springframework.boot.context.metrics.buffering.StartupTimeline;
import org.springframework.boot.context.metrics.buffering.StartupTimeline.TimelineEvent;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.metrics.StartupStep;
import org.springframework.core.type.MethodMetadata;

/**
 * For the benchmark only (run.sh's start-up profile), never the application's own entry point: starts an application
 * (the class named by {@code -Dstartup.main}, by default the sample app) with Spring's
 * {@link BufferingApplicationStartup}, prints one {@code STARTUP-BEAN} line per bean instantiation (its own time, its
 * children's taken out; its time with them; whether vt-starter defines it; its name and type) and one
 * {@code STARTUP-TOTAL} line, then closes the context. Launched through Boot's {@code PropertiesLauncher}
 * ({@code -Dloader.main}), so that it also runs inside another application's jar ({@code -Dloader.path} to this
 * class).
 */
public final class StartupSteps {

	private static final String STARTER = "io.github.vtstarter.";

	/** This sample's own package: under the starter's, but not the starter. */
	private static final String SAMPLE = "io.github.vtstarter.sample.";

	private StartupSteps() {
	}

	public static void main(String[] args) throws Exception {
		String main = System.getProperty("startup.main", "io.github.vtstarter.sample.SampleApplication");
		Class<?> source = Class.forName(main, false, Thread.currentThread().getContextClassLoader());
		SpringApplication application = new SpringApplication(source);
		BufferingApplicationStartup startup = new BufferingApplicationStartup(1_000_000);
		application.setApplicationStartup(startup);
		long t0 = System.nanoTime();
		ConfigurableApplicationContext context = application.run(args);
		long runNanos = System.nanoTime() - t0;
		report(startup.getBufferedTimeline(), context.getBeanFactory(), runNanos);
		System.exit(SpringApplication.exit(context));
	}

	private static void report(StartupTimeline timeline, ConfigurableListableBeanFactory beans, long runNanos) {
		List<TimelineEvent> events = timeline.getEvents();
		Map<Long, Long> childNanos = new HashMap<>();
		for (TimelineEvent event : events) {
			Long parent = event.getStartupStep().getParentId();
			if (parent != null) {
				childNanos.merge(parent, event.getDuration().toNanos(), Long::sum);
			}
		}
		List<String[]> lines = new ArrayList<>();
		long starterSelf = 0;
		long allSelf = 0;
		for (TimelineEvent event : events) {
			StartupStep step = event.getStartupStep();
			if (!"spring.beans.instantiate".equals(step.getName())) {
				continue;
			}
			String name = tag(step, "beanName");
			long total = event.getDuration().toNanos();
			long self = Math.max(0, total - childNanos.getOrDefault(step.getId(), 0L));
			String type = type(beans, name, tag(step, "beanType"));
			boolean starter = isStarters(beans, name, type);
			allSelf += self;
			if (starter) {
				starterSelf += self;
			}
			lines.add(new String[] { String.valueOf(self), String.valueOf(total), String.valueOf(starter), name, type });
		}
		lines.sort(Comparator.comparingLong((String[] l) -> Long.parseLong(l[0])).reversed());
		for (String[] line : lines) {
			System.out.println("STARTUP-BEAN " + String.join(" ", line));
		}
		System.out.println("STARTUP-TOTAL run_ns=" + runNanos + " beans=" + lines.size() + " beans_self_ns=" + allSelf
				+ " starter_self_ns=" + starterSelf);
	}

	private static String tag(StartupStep step, String key) {
		for (StartupStep.Tag tag : step.getTags()) {
			if (key.equals(tag.getKey())) {
				return tag.getValue();
			}
		}
		return "?";
	}

	private static String type(ConfigurableListableBeanFactory beans, String name, String tagged) {
		try {
			Class<?> type = beans.getType(name, false);
			return (type != null) ? type.getName() : tagged;
		}
		catch (RuntimeException ex) {
			return tagged;
		}
	}

	/** Defined by the starter: its class, or the auto-configuration whose method makes it, is the starter's. */
	private static boolean isStarters(ConfigurableListableBeanFactory beans, String name, String type) {
		if (type.startsWith(SAMPLE) || name.startsWith(SAMPLE)) {
			return false;
		}
		if (type.startsWith(STARTER) || name.startsWith(STARTER)) {
			return true;
		}
		try {
			BeanDefinition definition = beans.getMergedBeanDefinition(name);
			if (definition.getBeanClassName() != null && definition.getBeanClassName().startsWith(STARTER)) {
				return true;
			}
			if (definition instanceof AnnotatedBeanDefinition annotated) {
				MethodMetadata factory = annotated.getFactoryMethodMetadata();
				return factory != null && factory.getDeclaringClassName().startsWith(STARTER)
						&& !factory.getDeclaringClassName().startsWith(SAMPLE);
			}
		}
		catch (RuntimeException ex) {
			// a bean registered as an instance: its type decides
		}
		return false;
	}

}
