package io.github.vtstarter.archunit.bytecode;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link Value} and {@link TypeSet}: unions, what they print, and when they give up.
 */
class ValueTest {

	private static final Value LIST = Value.newInstance("java/util/ArrayList");

	private static final Value SET = Value.newInstance("java/util/HashSet");

	@Test
	void aUnionKeepsEveryAlternativeButNull() {
		assertThat(Value.union(null, LIST)).isSameAs(LIST);
		assertThat(Value.union(LIST, null)).isSameAs(LIST);
		assertThat(Value.union(LIST, Value.newInstance("java/util/ArrayList"))).isEqualTo(LIST);
		assertThat(Value.union(LIST, Value.NULL)).isSameAs(LIST);
		assertThat(Value.union(Value.NULL, LIST)).isSameAs(LIST);
		assertThat(Value.union(Value.NULL, Value.NULL)).isSameAs(Value.NULL);
		Value either = Value.union(Value.union(LIST, Value.NULL), SET);
		assertThat(either).hasToString("[new java/util/ArrayList, new java/util/HashSet]");
		assertThat(Value.union(either, Value.ANY).parts()).containsExactly(LIST, SET, Value.ANY);
		assertThat(Value.union(either, LIST)).isEqualTo(either);
	}

	@Test
	void tooManyAlternativesBecomeAnythingForGood() {
		Value union = null;
		for (int i = 1; i <= 8; i++) {
			union = Value.union(union, Value.newInstance("C" + i));
		}
		assertThat(union.parts()).hasSize(8);
		Value top = Value.union(union, Value.newInstance("C9"));
		assertThat(top).isSameAs(Value.TOP).hasToString("top");
		assertThat(Value.union(top, LIST)).isSameAs(Value.TOP);
		assertThat(Value.union(LIST, top)).isSameAs(Value.TOP);
	}

	@Test
	void valuesSayWhatTheyAre() {
		assertThat(Value.thisOf("com/acme/A")).hasToString("this");
		assertThat(Value.field("com/acme/A", "name", "Ljava/lang/String;")).hasToString("com/acme/A.name");
		assertThat(Value.cast(LIST, "java/util/List")).hasToString("(java/util/List) new java/util/ArrayList");
		assertThat(Value.ANY).hasToString("any");
		assertThat(Value.NULL).hasToString("null");
	}

	@Test
	void theReceiverMayBeOnlyWhereThisIsAmongTheValues() {
		Value self = Value.thisOf("com/acme/A");
		assertThat(self.mayBeThis()).isTrue();
		assertThat(Value.cast(self, "com/acme/B").mayBeThis()).isTrue();
		assertThat(Value.union(LIST, self).mayBeThis()).isTrue();
		assertThat(Value.union(LIST, SET).mayBeThis()).isFalse();
		assertThat(Value.cast(LIST, "java/util/List").mayBeThis()).isFalse();
		assertThat(Value.ANY.mayBeThis()).isFalse();
	}

	@Test
	void typeSetsHaveACanonicalKeyAndGiveUpOnTooManyCones() {
		TypeSet set = new TypeSet(java.util.Set.of("b", "a"), java.util.Set.of(List.of("y", "x")));
		assertThat(set.key()).isEqualTo("a;b;<x&y>");
		assertThat(set).hasToString("{a;b;<x&y>}");
		assertThat(set.union(TypeSet.exactly("c")).key()).isEqualTo("a;b;c;<x&y>");
		assertThat(set.union(TypeSet.NONE).key()).isEqualTo(set.key());
		assertThat(TypeSet.NONE.isEmpty()).isTrue();
		assertThat(TypeSet.exactly("a").isEmpty()).isFalse();
		assertThat(TypeSet.ANY.isEmpty()).isFalse();
		TypeSet four = TypeSet.NONE;
		for (String bound : List.of("p", "q", "r", "s")) {
			four = four.union(TypeSet.cone(List.of(bound)));
		}
		assertThat(four.getCones()).hasSize(4);
		assertThat(four.union(TypeSet.cone(List.of("t"))).getCones()).containsExactly(List.of());
		assertThat(TypeSet.cone(List.of("p")).union(TypeSet.ANY).getCones()).containsExactly(List.of());
	}

}
