package io.github.vtstarter.archunit;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import org.springframework.asm.ClassWriter;
import org.springframework.asm.Label;
import org.springframework.asm.MethodVisitor;
import org.springframework.asm.Opcodes;

/**
 * Test support: a class file that is on no class path, {@code com.acme.generated.Sleeper} with a
 * synchronized method {@code pause()} that calls {@code Thread.sleep(long)} on line 7 of
 * {@code Sleeper.java}, written to a directory or a jar.
 */
public final class GeneratedClassFiles {

	public static final String SLEEPER = "com/acme/generated/Sleeper";

	private GeneratedClassFiles() {
	}

	public static byte[] sleeper() {
		ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
		writer.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, SLEEPER, null, "java/lang/Object", null);
		writer.visitSource("Sleeper.java", null);
		MethodVisitor method = writer.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_SYNCHRONIZED, "pause", "()V", null,
				new String[] { "java/lang/InterruptedException" });
		method.visitCode();
		Label start = new Label();
		method.visitLabel(start);
		method.visitLineNumber(7, start);
		method.visitLdcInsn(10L);
		method.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Thread", "sleep", "(J)V", false);
		method.visitInsn(Opcodes.RETURN);
		method.visitMaxs(0, 0);
		method.visitEnd();
		writer.visitEnd();
		return writer.toByteArray();
	}

	public static Path inDirectory(Path directory) throws IOException {
		Path file = directory.resolve(SLEEPER + ".class");
		Files.createDirectories(file.getParent());
		Files.write(file, sleeper());
		return file;
	}

	public static Path inJar(Path jar) throws IOException {
		try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file)) {
			out.putNextEntry(new JarEntry(SLEEPER + ".class"));
			out.write(sleeper());
			out.closeEntry();
		}
		return jar;
	}

}
