package io.github.vtstarter.autoconfigure.messaging;

import java.lang.reflect.Field;

import org.springframework.util.ReflectionUtils;

/**
 * Reads the executor an application may have set on a listener container or its factory. The JMS, RabbitMQ and
 * Redis types keep it in a private {@code taskExecutor} field with no getter (Spring for GraphQL's
 * {@code AnnotatedControllerConfigurer} in one named {@code executor}); the starter must know whether it is set,
 * because the application's choice wins. If the field is gone in some version, this fails, and the caller turns
 * the feature off with one WARN rather than override an executor it cannot see.
 */
public final class TaskExecutorField {

	private TaskExecutorField() {
	}

	/**
	 * @param declaringType the type that declares the field
	 * @param target an instance of it
	 * @return the executor set on {@code target}, or {@code null}
	 * @throws IllegalStateException if {@code declaringType} has no such field in this version of its library
	 */
	public static Object read(Class<?> declaringType, Object target) {
		return read(declaringType, "taskExecutor", target);
	}

	/**
	 * @param declaringType the type that declares the field
	 * @param fieldName the field's name
	 * @param target an instance of it
	 * @return the executor set on {@code target}, or {@code null}
	 * @throws IllegalStateException if {@code declaringType} has no such field in this version of its library
	 */
	public static Object read(Class<?> declaringType, String fieldName, Object target) {
		Field field = ReflectionUtils.findField(declaringType, fieldName);
		if (field == null) {
			String version = declaringType.getPackage().getImplementationVersion();
			throw new IllegalStateException(declaringType.getSimpleName() + " has no " + fieldName + " field in this version"
					+ ((version != null) ? " (" + version + ")" : "")
					+ "; cannot tell whether the application set an executor");
		}
		ReflectionUtils.makeAccessible(field);
		return ReflectionUtils.getField(field, target);
	}

}
