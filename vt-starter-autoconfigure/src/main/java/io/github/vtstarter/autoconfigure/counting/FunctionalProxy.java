package io.github.vtstarter.autoconfigure.counting;

import java.lang.reflect.Array;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.function.Consumer;

/**
 * Implements one of Boot's single-method customizer interfaces whose package differs between Boot lines (Boot 4
 * moved {@code TomcatProtocolHandlerCustomizer} from {@code org.springframework.boot.web.embedded.tomcat} to
 * {@code org.springframework.boot.tomcat}, for example). The interface is taken from the method that accepts
 * it, so the same code serves every line without naming the type; the customizer's one argument (a Tomcat
 * {@code ProtocolHandler}, an Undertow {@code DeploymentInfo}) is a type of the server, which did not move.
 */
final class FunctionalProxy {

	private FunctionalProxy() {
	}

	/**
	 * Calls a varargs {@code addXxxCustomizers(Customizer...)} method with one customizer that hands its argument
	 * to the action.
	 * @param target the object that takes customizers (a web-server factory)
	 * @param addCustomizers its varargs method
	 * @param action what the customizer does with its argument
	 */
	static void addCustomizer(Object target, Method addCustomizers, Consumer<Object> action) throws Exception {
		Class<?> customizerType = addCustomizers.getParameterTypes()[0].getComponentType();
		Object customizers = Array.newInstance(customizerType, 1);
		Array.set(customizers, 0, implement(customizerType, action));
		addCustomizers.invoke(target, customizers);
	}

	static Object implement(Class<?> type, Consumer<Object> action) {
		InvocationHandler handler = (proxy, method, args) -> {
			if (method.getDeclaringClass() == Object.class) {
				return switch (method.getName()) {
					case "equals" -> proxy == args[0];
					case "hashCode" -> System.identityHashCode(proxy);
					default -> "vt-starter " + type.getSimpleName();
				};
			}
			if (method.isDefault()) {
				return InvocationHandler.invokeDefault(proxy, method, args);
			}
			if (args == null || args.length != 1) {
				throw new UnsupportedOperationException(method.toString());
			}
			action.accept(args[0]);
			return null;
		};
		return Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] { type }, handler);
	}

}
