package io.github.vtstarter.archunit.bytecode;

import java.io.IOException;
import java.io.InputStream;

import io.github.vtstarter.archunit.fixtures.pinning.SynchronizedBlockWithSleep;
import org.junit.jupiter.api.Test;

import org.springframework.asm.ClassReader;
import org.springframework.core.SpringVersion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * {@link ClassFileParser} on class files newer than the ASM inside Spring Framework 6.0 accepts.
 */
class ClassFileParserTest {

	@Test
	void readsClassFilesOfJava25WithTheAsmOfSpringFramework60() throws IOException {
		byte[] java25 = classFile(SynchronizedBlockWithSleep.class);
		java25[6] = 0;
		java25[7] = 69;
		if (ClassReader.class.getPackage().getImplementationVersion() != null
				&& ClassReader.class.getPackage().getImplementationVersion().startsWith("6.0")) {
			assertThatIllegalArgumentException().isThrownBy(() -> new ClassReader(java25));
		}
		BytecodeClass parsed = ClassFileParser.parse(java25);
		BytecodeMethod retryLater = parsed.getMethod("retryLater", "()V");
		assertThat(retryLater.getCalls()).filteredOn((call) -> call.getName().equals("sleep"))
			.singleElement()
			.satisfies((call) -> assertThat(call.getRegion()).isNotNull());
		assertThat(java25[7]).as("the caller's bytes are left alone").isEqualTo((byte) 69);
	}

	@Test
	void readsClassFilesOfAnyLaterJavaAsTheNewestVersionItsAsmKnows() throws IOException {
		byte[] future = classFile(SynchronizedBlockWithSleep.class);
		future[6] = 1;
		future[7] = 0;
		// Spring Framework 6.0 and 6.1's ASM refuse a class file newer than they know; 6.2's accepts any version.
		// Either way the parser reads it.
		boolean asmRefuses;
		try {
			new ClassReader(future);
			asmRefuses = false;
		}
		catch (IllegalArgumentException ex) {
			asmRefuses = true;
		}
		assertThat(asmRefuses || SpringVersion.getVersion().startsWith("6.2") || !SpringVersion.getVersion().startsWith("6."))
			.as("only an ASM that accepts any version may read it unchanged (Spring %s)", SpringVersion.getVersion())
			.isTrue();
		assertThat(ClassFileParser.parse(future).getMethod("retryLater", "()V").getCalls())
			.anySatisfy((call) -> assertThat(call.getName()).isEqualTo("sleep"));
		assertThat(ClassFileParser.parseHeader(future).getInternalName())
			.isEqualTo("io/github/vtstarter/archunit/fixtures/pinning/SynchronizedBlockWithSleep");
	}

	private static byte[] classFile(Class<?> type) throws IOException {
		try (InputStream in = type.getResourceAsStream(type.getSimpleName() + ".class")) {
			return in.readAllBytes();
		}
	}

}
