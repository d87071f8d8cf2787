package io.github.vtstarter.archunit.bytecode;

import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link TypeHierarchy}: supertypes from analysed classes and from class-file headers of the
 * class path, analysed subtypes, and which analysed classes may be instantiated.
 */
class TypeHierarchyTest {

	private static final String FIXTURES = "io/github/vtstarter/archunit/fixtures/bytecode/";

	private final ClassFileLocator jdk = new ClassFileLocator(ClassLoader.getPlatformClassLoader());

	@Test
	void supertypesOfAClassPathTypeComeFromTheHeadersOfItsClassFiles() {
		TypeHierarchy hierarchy = new TypeHierarchy(Map.of(), this.jdk);
		assertThat(hierarchy.supertypesOf("java/util/ArrayList")).contains("java.util.ArrayList", "java.util.AbstractList",
				"java.util.AbstractCollection", "java.util.List", "java.util.Collection", "java.lang.Iterable",
				"java.util.RandomAccess", "java.lang.Object");
		// AbstractList's header is known by now: LinkedList reaches the types above it through it.
		assertThat(hierarchy.supertypesOf("java/util/LinkedList")).contains("java.util.AbstractSequentialList",
				"java.util.AbstractList", "java.util.AbstractCollection", "java.util.Deque", "java.lang.Iterable");
	}

	@Test
	void supertypesOfAnAnalysedClassComeFromItsParsedClassFile() {
		BytecodeClass analysed = type("com/acme/Decoder", "java/io/FilterInputStream", false, "com/acme/Codec");
		TypeHierarchy hierarchy = new TypeHierarchy(Map.of(analysed.getInternalName(), analysed), this.jdk);
		assertThat(hierarchy.supertypesOf("com/acme/Decoder")).containsExactlyInAnyOrder("com.acme.Decoder",
				"java.io.FilterInputStream", "java.io.InputStream", "java.io.Closeable", "java.lang.AutoCloseable",
				"com.acme.Codec", "java.lang.Object");
	}

	@Test
	void aTypeFoundNowhereHasOnlyObjectAsSupertype() {
		TypeHierarchy hierarchy = new TypeHierarchy(Map.of(), this.jdk);
		assertThat(hierarchy.supertypesOf("com/acme/Missing")).containsExactlyInAnyOrder("com.acme.Missing",
				"java.lang.Object");
		assertThat(hierarchy.supertypesOf("[Ljava/lang/String;")).containsExactlyInAnyOrder("[Ljava.lang.String;",
				"java.lang.Object");
	}

	@Test
	void analysedSubtypesIncludeIndirectOnesOnce() {
		BytecodeClass sink = type("com/acme/Sink", "java/lang/Object", true);
		BytecodeClass fileSink = type("com/acme/FileSink", "java/lang/Object", false, "com/acme/Sink");
		BytecodeClass gzipSink = type("com/acme/GzipSink", "com/acme/FileSink", false);
		BytecodeClass tracedSink = type("com/acme/TracedSink", "com/acme/GzipSink", false, "com/acme/Sink");
		Map<String, BytecodeClass> analysed = new LinkedHashMap<>();
		for (BytecodeClass type : new BytecodeClass[] { sink, fileSink, gzipSink, tracedSink }) {
			analysed.put(type.getInternalName(), type);
		}
		TypeHierarchy hierarchy = new TypeHierarchy(analysed, this.jdk);
		assertThat(hierarchy.analysedSubtypesOf("com/acme/Sink")).containsExactlyInAnyOrder(fileSink, gzipSink,
				tracedSink);
		assertThat(hierarchy.analysedSubtypesOf("com/acme/GzipSink")).containsExactly(tracedSink);
		assertThat(hierarchy.analysed("com/acme/FileSink")).isSameAs(fileSink);
	}

	@Test
	void onlyClassesCreatedWithNewOrByNameThroughAPublicConstructorMayBeInstantiated() {
		Map<String, BytecodeClass> analysed = new LinkedHashMap<>();
		for (String name : new String[] { "Instantiable", "Instantiable$PublicConstructor",
				"Instantiable$ProtectedConstructor", "Instantiable$ConstructorWithArgument", "Instantiable$AbstractClass",
				"Instantiable$PackagePrivateClass", "Instantiable$CreatedWithNew" }) {
			BytecodeClass type = ClassFileParser.parse(ClassFileParserCasesTest.classFile(FIXTURES + name));
			analysed.put(type.getInternalName(), type);
		}
		TypeHierarchy hierarchy = new TypeHierarchy(analysed, this.jdk);
		assertThat(analysed.values()).filteredOn(hierarchy::mayBeInstantiated)
			.extracting(BytecodeClass::getInternalName)
			.containsExactlyInAnyOrder(FIXTURES + "Instantiable$PublicConstructor", FIXTURES + "Instantiable$CreatedWithNew");
	}

	private static BytecodeClass type(String name, String superName, boolean isInterface, String... interfaces) {
		return new BytecodeClass(name, superName, interfaces, isInterface);
	}

	@Test
	void restrictingToATypeEveryClassAlreadyExtendsGivesTheSameSetBack() {
		TypeHierarchy hierarchy = new TypeHierarchy(Map.of(), this.jdk);
		TypeSet lists = new TypeSet(java.util.Set.of("java/util/ArrayList"), java.util.Set.of(java.util.List.of("java/util/List")));
		assertThat(hierarchy.restrict(lists, "java/util/Collection")).isSameAs(lists);
		TypeSet narrowed = hierarchy.restrict(lists, "java/util/RandomAccess");
		assertThat(narrowed.getExact()).containsExactly("java/util/ArrayList");
		assertThat(narrowed.getCones()).containsExactly(java.util.List.of("java/util/List", "java/util/RandomAccess"));
	}

	@Test
	void anObjectIsNeverAnInstanceOfATypeOnlyWhenTheirHierarchiesSaySo() {
		BytecodeClass decoder = type("com/acme/Decoder", "java/io/FilterInputStream", false);
		BytecodeClass unknownParent = type("com/acme/Upload", "com/acme/Missing", false);
		Map<String, BytecodeClass> analysed = Map.of(decoder.getInternalName(), decoder, unknownParent.getInternalName(),
				unknownParent);
		TypeHierarchy hierarchy = new TypeHierarchy(analysed, this.jdk);
		// Class and String are final; InputStream and File are classes neither of which extends the other.
		assertThat(hierarchy.isNeverInstanceOf(cone("java/lang/Class"), "java/net/URL")).isTrue();
		assertThat(hierarchy.isNeverInstanceOf(cone("java/io/InputStream"), "java/io/File"))
			.isTrue();
		assertThat(hierarchy.isNeverInstanceOf(TypeSet.exactly("com/acme/Decoder"), "java/io/File")).isTrue();
		// An interface and a final class that does not implement it, either way round.
		assertThat(hierarchy.isNeverInstanceOf(cone("java/util/List"), "java/lang/String"))
			.isTrue();
		assertThat(hierarchy.isNeverInstanceOf(cone("java/lang/String"), "java/util/List"))
			.isTrue();
		// A new instance, as the caller's constants carry it.
		assertThat(hierarchy.isNeverInstanceOf(Value.newInstance("java/lang/StringBuilder"), "java/io/File")).isTrue();
		assertThat(hierarchy.isNeverInstanceOf(Value.newInstance("java/io/File"), "java/io/File")).isFalse();
		// A subtype, a supertype, an interface a subclass of the class could implement.
		assertThat(hierarchy.isNeverInstanceOf(TypeSet.exactly("com/acme/Decoder"), "java/io/InputStream")).isFalse();
		assertThat(hierarchy.isNeverInstanceOf(cone("java/lang/Object"), "java/io/File"))
			.isFalse();
		assertThat(hierarchy.isNeverInstanceOf(cone("java/util/List"), "java/io/File"))
			.isFalse();
		// A superclass the analysis cannot read may be the type itself.
		assertThat(hierarchy.isNeverInstanceOf(TypeSet.exactly("com/acme/Upload"), "java/io/File")).isFalse();
		assertThat(hierarchy.isNeverInstanceOf(cone("com/acme/Upload"), "java/io/File"))
			.isFalse();
		// Nothing known of the argument, or no class at all (null only).
		assertThat(hierarchy.isNeverInstanceOf(null, "java/io/File")).isFalse();
		assertThat(hierarchy.isNeverInstanceOf(TypeSet.NONE, "java/io/File")).isFalse();
	}

	// Every class that extends or implements one type.
	private static TypeSet cone(String type) {
		return TypeSet.cone(java.util.List.of(type));
	}

}
