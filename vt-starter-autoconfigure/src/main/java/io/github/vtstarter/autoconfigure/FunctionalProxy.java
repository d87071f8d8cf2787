package io.github.vtstarter.autoconfigure;

import java.lang.reflect.Array;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Implements one of Boot's single-method interfaces whose package differs between Boot lines, without naming it:
 * Boot 4 moved {@code TomcatProtocolHandlerCustomizer} from {@code org.springframework.boot.web.embedded.tomcat} to
 * {@code org.springframework.boot.tomcat}, and {@code HealthIndicator} from
 * {@code org.springframework.boot.actuate.health} to {@code org.springframework.boot.health.contributor}. The
 * starter is compiled against Boot 3.1, so it takes the interface from the method that accepts it (or by name)
 * and answers its one abstract method; what flows through it (a Tomcat {@code ProtocolHandler}, an Undertow
 * {@code DeploymentInfo}, a {@code Health}) belongs to types that did not move, or is built by reflection.
 */
public final class FunctionalProxy {

	private FunctionalProxy() {
	}

	/**
	 * Calls a varargs {@code addXxxCustomizers(Customizer...)} method with one customizer that hands its argument
	 * to the action.
	 * @param target the object that takes customizers (a web-server factory)
	 * @param addCustomizers its varargs method
	 * @param action what the customizer does with its one argument
	 * @throws ReflectiveOperationException when the method cannot be called
	 */
	public static void addCustomizer(Object target, Method addCustomizers, Consumer<Object> action)
			throws ReflectiveOperationException {
		Class<?> customizerType = addCustomizers.getParameterTypes()[0].getComponentType();
		Object customizers = Array.newInstance(customizerType, 1);
		Array.set(customizers, 0, implement(customizerType, (args) -> {
			if (args == null || args.length != 1) {
				throw new UnsupportedOperationException("a customizer takes one argument");
			}
			action.accept(args[0]);
			return null;
		}));
		addCustomizers.invoke(target, customizers);
	}

	/**
	 * A supplier-like implementation: its abstract method takes no argument and returns what the supplier gives.
	 * @param type the interface
	 * @param result the method's result
	 * @return the implementation
	 */
	public static Object implementSupplier(Class<?> type, Supplier<Object> result) {
		return implement(type, (args) -> result.get());
	}

	/**
	 * Implements an interface with one abstract method; its default methods run as declared, and
	 * {@code equals}/{@code hashCode} are those of identity.
	 * @param type the interface
	 * @param method what the abstract method does with its arguments ({@code null} for none)
	 * @return the implementation
	 */
	public static Object implement(Class<?> type, Call method) {
		InvocationHandler handler = (proxy, invoked, args) -> {
			if (invoked.getDeclaringClass() == Object.class) {
				return switch (invoked.getName()) {
					case "equals" -> proxy == args[0];
					case "hashCode" -> System.identityHashCode(proxy);
					default -> "vt-starter " + type.getSimpleName();
				};
			}
			if (invoked.isDefault()) {
				return InvocationHandler.invokeDefault(proxy, invoked, args);
			}
			return method.call(args);
		};
		return Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] { type }, handler);
	}

	/** The abstract method's body. */
	@FunctionalInterface
	public interface Call {

		/**
		 * Runs the method.
		 * @param args its arguments, {@code null} for none
		 * @return its result
		 * @throws Exception anything the body throws
		 */
		Object call(Object[] args) throws Exception;

	}

}
