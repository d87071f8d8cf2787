package io.github.vtstarter.archunit.bytecode;

import org.springframework.asm.ClassWriter;
import org.springframework.asm.Label;
import org.springframework.asm.MethodVisitor;
import org.springframework.asm.Opcodes;

/**
 * Test support: a class whose methods each push new instances of classes named {@code A} to
 * {@code D}, shuffle them with one dup or swap instruction, and call {@code hashCode()} on every
 * word left, top first: the receivers of the calls show the order the shuffle left. And
 * {@code broken()} and a constructor {@code (Event)}, whose stacks run dry (no compiler writes that;
 * the value flow gives up).
 */
final class GeneratedShuffles {

	static final String NAME = "com/acme/generated/Shuffles";

	private GeneratedShuffles() {
	}

	static byte[] classFile() {
		ClassWriter writer = new ClassWriter(0);
		writer.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, NAME, null, "java/lang/Object", null);
		writer.visitField(Opcodes.ACC_PRIVATE, "kept", "Ljava/lang/Object;", null, null).visitEnd();
		shuffle(writer, "dup", Opcodes.DUP, "A");
		shuffle(writer, "dupX1", Opcodes.DUP_X1, "A", "B");
		shuffle(writer, "dupX2", Opcodes.DUP_X2, "A", "B", "C");
		shuffle(writer, "dup2", Opcodes.DUP2, "A", "B");
		shuffle(writer, "dup2X1", Opcodes.DUP2_X1, "A", "B", "C");
		shuffle(writer, "dup2X2", Opcodes.DUP2_X2, "A", "B", "C", "D");
		shuffle(writer, "swap", Opcodes.SWAP, "A", "B");
		MethodVisitor broken = writer.visitMethod(Opcodes.ACC_PUBLIC, "broken", "()Ljava/lang/Object;", null, null);
		broken.visitCode();
		broken.visitVarInsn(Opcodes.ALOAD, 0);
		broken.visitTypeInsn(Opcodes.NEW, "A");
		broken.visitFieldInsn(Opcodes.PUTFIELD, NAME, "kept", "Ljava/lang/Object;");
		broken.visitVarInsn(Opcodes.ALOAD, 0);
		broken.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/Object", "hashCode", "()I", false);
		broken.visitInsn(Opcodes.POP);
		broken.visitInsn(Opcodes.POP);
		broken.visitVarInsn(Opcodes.ALOAD, 0);
		broken.visitInsn(Opcodes.ARETURN);
		broken.visitMaxs(3, 1);
		broken.visitEnd();
		// this.kept = event; if ("flush".equals(event.getType())) event.hashCode(); then a pop too many.
		MethodVisitor constructor = writer.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "(Lcom/acme/Event;)V", null, null);
		constructor.visitCode();
		constructor.visitVarInsn(Opcodes.ALOAD, 0);
		constructor.visitVarInsn(Opcodes.ALOAD, 1);
		constructor.visitFieldInsn(Opcodes.PUTFIELD, NAME, "kept", "Ljava/lang/Object;");
		constructor.visitLdcInsn("flush");
		constructor.visitVarInsn(Opcodes.ALOAD, 1);
		constructor.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "com/acme/Event", "getType", "()Ljava/lang/String;", false);
		constructor.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/String", "equals", "(Ljava/lang/Object;)Z", false);
		Label skip = new Label();
		constructor.visitJumpInsn(Opcodes.IFEQ, skip);
		constructor.visitVarInsn(Opcodes.ALOAD, 1);
		constructor.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/Object", "hashCode", "()I", false);
		constructor.visitInsn(Opcodes.POP);
		constructor.visitLabel(skip);
		constructor.visitInsn(Opcodes.POP);
		constructor.visitInsn(Opcodes.RETURN);
		constructor.visitMaxs(3, 2);
		constructor.visitEnd();
		writer.visitEnd();
		return writer.toByteArray();
	}

	private static void shuffle(ClassWriter writer, String name, int opcode, String... pushed) {
		MethodVisitor method = writer.visitMethod(Opcodes.ACC_PUBLIC, name, "()V", null, null);
		method.visitCode();
		for (String type : pushed) {
			method.visitTypeInsn(Opcodes.NEW, type);
		}
		method.visitInsn(opcode);
		int words = pushed.length + ((opcode == Opcodes.SWAP) ? 0 : ((opcode >= Opcodes.DUP2) ? 2 : 1));
		for (int i = 0; i < words; i++) {
			method.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/Object", "hashCode", "()I", false);
			method.visitInsn(Opcodes.POP);
		}
		method.visitInsn(Opcodes.RETURN);
		method.visitMaxs(8, 1);
		method.visitEnd();
	}

}
