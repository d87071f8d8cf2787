package io.github.vtstarter.autoconfigure;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@link FunctionalProxy}: Boot's single-method interfaces implemented without naming them (their packages moved in
 * Boot 4), as the web-server customizers and the Boot 4 health indicator use it.
 */
class FunctionalProxyTests {

	@Test
	void theAbstractMethodGetsItsArgumentsAndItsResultIsReturned() {
		Greeter greeter = (Greeter) FunctionalProxy.implement(Greeter.class, (args) -> "hello " + args[0]);
		assertThat(greeter.greet("carrier")).isEqualTo("hello carrier");
	}

	@Test
	void defaultMethodsRunAsDeclared() {
		Greeter greeter = (Greeter) FunctionalProxy.implement(Greeter.class, (args) -> "hello " + args[0]);
		assertThat(greeter.greetTwice("carrier")).isEqualTo("hello carrier, hello carrier");
	}

	@Test
	void aMethodWithoutArgumentsGetsNull() {
		AtomicReference<Object[]> seen = new AtomicReference<>(new Object[0]);
		Supplier<?> supplier = (Supplier<?>) FunctionalProxy.implement(Supplier.class, (args) -> {
			seen.set(args);
			return "supplied";
		});
		assertThat(supplier.get()).isEqualTo("supplied");
		assertThat(seen.get()).isNull();
	}

	@Test
	void equalsAndHashCodeAreThoseOfIdentityAndToStringNamesTheInterface() {
		Object one = FunctionalProxy.implement(Greeter.class, (args) -> "one");
		Object other = FunctionalProxy.implement(Greeter.class, (args) -> "one");
		assertThat(one.equals(one)).isTrue();
		assertThat(one.equals(other)).isFalse();
		assertThat(one.hashCode()).isEqualTo(System.identityHashCode(one));
		assertThat(one).hasToString("vt-starter Greeter");
	}

	@Test
	void aSupplierLikeImplementationReturnsWhatTheSupplierGives() {
		AtomicReference<String> value = new AtomicReference<>("first");
		Supplier<?> supplier = (Supplier<?>) FunctionalProxy.implementSupplier(Supplier.class, value::get);
		assertThat(supplier.get()).isEqualTo("first");
		value.set("second");
		assertThat(supplier.get()).isEqualTo("second");
	}

	@Test
	void aCustomizerIsAddedThroughTheVarargsMethodAndHandsItsArgumentToTheAction() throws Exception {
		Factory factory = new Factory();
		List<Object> customized = new ArrayList<>();
		FunctionalProxy.addCustomizer(factory, Factory.class.getMethod("addCustomizers", Customizer[].class),
				customized::add);
		assertThat(factory.customizers).singleElement().isInstanceOf(Customizer.class);
		factory.customizers.get(0).customize("protocol handler");
		assertThat(customized).containsExactly("protocol handler");
	}

	@Test
	void aCustomizerRefusesAMethodThatDoesNotTakeOneArgument() throws Exception {
		TwoArgumentFactory factory = new TwoArgumentFactory();
		List<Object> customized = new ArrayList<>();
		FunctionalProxy.addCustomizer(factory,
				TwoArgumentFactory.class.getMethod("addCustomizers", TwoArgumentCustomizer[].class), customized::add);
		assertThatExceptionOfType(UnsupportedOperationException.class)
			.isThrownBy(() -> factory.customizers.get(0).customize("a", "b"))
			.withMessage("a customizer takes one argument");
		NoArgumentFactory none = new NoArgumentFactory();
		FunctionalProxy.addCustomizer(none, NoArgumentFactory.class.getMethod("addCustomizers", Runnable[].class),
				customized::add);
		assertThatExceptionOfType(UnsupportedOperationException.class).isThrownBy(() -> none.customizers.get(0).run());
		assertThat(customized).isEmpty();
	}

	public interface Greeter {

		String greet(String name);

		default String greetTwice(String name) {
			return greet(name) + ", " + greet(name);
		}

	}

	public interface Customizer {

		void customize(Object target);

	}

	public interface TwoArgumentCustomizer {

		void customize(Object first, Object second);

	}

	public static class Factory {

		final List<Customizer> customizers = new ArrayList<>();

		public void addCustomizers(Customizer... customizers) {
			this.customizers.addAll(List.of(customizers));
		}

	}

	public static class TwoArgumentFactory {

		final List<TwoArgumentCustomizer> customizers = new ArrayList<>();

		public void addCustomizers(TwoArgumentCustomizer... customizers) {
			this.customizers.addAll(List.of(customizers));
		}

	}

	public static class NoArgumentFactory {

		final List<Runnable> customizers = new ArrayList<>();

		public void addCustomizers(Runnable... customizers) {
			this.customizers.addAll(List.of(customizers));
		}

	}

}
