package dev.gale.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import dev.gale.generated.GlobalStreamId;
import java.io.Serializable;
import java.lang.reflect.Constructor;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Keys are found by their bytes, so the default key serializer only writes keys whose bytes equal keys share. */
class StateKeySerializationTest {
    /** A key whose equal instances Java serialization writes differently: its set's capacity is in the bytes. */
    record Tags(Set<String> tags) implements Serializable {
    }

    enum Color { RED, GREEN }

    enum Op {
        PLUS {
            @Override
            long apply(long a, long b) {
                return a + b;
            }
        };

        abstract long apply(long a, long b);
    }

    private static Tags tags(int capacity) {
        Set<String> s = new HashSet<>(capacity);
        s.addAll(List.of("a", "b", "c"));
        return new Tags(s);
    }

    private static final Map<String, Object> OPT_IN = Map.of(Config.GALE_STATE_KEYS_JAVA_SERIALIZATION, true);

    /** A key's bytes as a durable state writes them: through the encoder, which knows it is a key. */
    private static byte[] keyBytes(DefaultStateSerializer<Object> s, Object key) {
        return new DefaultStateEncoder<>(s, s).encodeKey(key);
    }

    @Test
    void aKeyThatNeedsJavaSerializationFailsThePrepareNamingItsClassAndTheWaysOut() {
        MapStoreState<Tags, Long> state = new MapStoreState<>(Map.of());
        state.put(tags(2), 1L);
        assertThatThrownBy(() -> state.prepareCommit(1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("state 'test/bolt/0'")
                .hasMessageContaining(Tags.class.getName())
                .hasMessageContaining("not the same for equal keys")
                .hasMessageContaining("keySerializerClass")
                .hasMessageContaining(Config.GALE_STATE_KEYS_JAVA_SERIALIZATION);
        assertThat(state.committed).isEmpty();
    }

    @Test
    void aLookUpByAKeyThatNeedsJavaSerializationFailsInsteadOfFindingNothing() {
        MapStoreState<Tags, Long> state = new MapStoreState<>(Map.of());
        assertThatThrownBy(() -> state.get(tags(64)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(Tags.class.getName());
    }

    @Test
    void anOptionalKeyIsCheckedForWhatItHolds() {
        DefaultStateSerializer<Object> s = new DefaultStateSerializer<>();
        assertThatThrownBy(() -> keyBytes(s, Optional.of(tags(2))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(Tags.class.getName());
        assertThat(keyBytes(s, Optional.of("k"))).isEqualTo(s.serialize(Optional.of("k")));
    }

    @Test
    void theOptInKeepsJavaSerializedKeysWithTheirRisk() {
        MapStoreState<Tags, Long> state = new MapStoreState<>(OPT_IN);
        Tags key = tags(2);
        state.put(key, 1L);
        state.prepareCommit(1);
        state.commit(1);
        assertThat(state.get(key)).isEqualTo(1L);
        assertThat(state.iterator().next().getKey()).isEqualTo(key);
        // What the default refuses to risk: an equal key in a set of another capacity is other bytes.
        assertThat(tags(64)).isEqualTo(key);
        assertThat(state.get(tags(64))).isNull();
    }

    @Test
    void theOptInMayBeGivenAsText() {
        MapStoreState<Tags, Long> state = new MapStoreState<>(Map.of(Config.GALE_STATE_KEYS_JAVA_SERIALIZATION, "true"));
        state.put(tags(2), 1L);
        state.prepareCommit(1);
        assertThatThrownBy(() -> new DefaultStateSerializer<>(Map.of(Config.GALE_STATE_KEYS_JAVA_SERIALIZATION, "yes"), null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(Config.GALE_STATE_KEYS_JAVA_SERIALIZATION)
                .hasMessageContaining("yes");
    }

    @Test
    void compactKeysAndEnumsAreAccepted() {
        MapStoreState<Object, Long> state = new MapStoreState<>(Map.of());
        List<Object> keys = List.of("word", 7L, 3, 'c', true, Color.GREEN, Op.PLUS, Optional.of(5L), Optional.empty(),
                TimeUnit.SECONDS);
        long v = 0;
        for (Object k : keys) {
            state.put(k, v++);
        }
        state.prepareCommit(1);
        state.commit(1);
        MapStoreState<Object, Long> reread = new MapStoreState<>(Map.of());
        reread.committed.putAll(state.committed);
        v = 0;
        for (Object k : keys) {
            assertThat(reread.get(k)).as("key %s", k).isEqualTo(v++);
        }
    }

    @Test
    void anEnumKeyKeepsTheBytesEarlierVersionsWroteForIt() {
        // Earlier versions wrote enum keys with Java serialization (which writes an enum by its
        // name, so equal keys are equal bytes): a new encoding would lose the keys already stored.
        DefaultStateSerializer<Object> s = new DefaultStateSerializer<>();
        assertThat(keyBytes(s, Color.RED)).isEqualTo(s.serialize(Color.RED));
        assertThat(keyBytes(s, Color.RED)[0]).isEqualTo((byte) 127);
        assertThat(s.deserialize(keyBytes(s, Op.PLUS))).isSameAs(Op.PLUS);
    }

    @Test
    void theKeysOfAStatefulWindowKeptInMemoryAreAccepted() throws Exception {
        // StatefulWindowedBoltExecutor keys its window's progress by source task and stream (a class
        // of Gale's, whose bytes Gale keeps stable); StatefulWindowTest runs it on a durable store.
        Class<?> c = Class.forName("dev.gale.topology.StatefulWindowedBoltExecutor$TaskStream");
        Constructor<?> make = c.getDeclaredConstructor(int.class, GlobalStreamId.class);
        make.setAccessible(true);
        Object key = make.newInstance(3, new GlobalStreamId("spout", "default"));
        MapStoreState<Object, Long> state = new MapStoreState<>(Map.of());
        state.put(key, 1L);
        state.prepareCommit(1);
        state.commit(1);
        assertThat(state.get(make.newInstance(3, new GlobalStreamId("spout", "default")))).isEqualTo(1L);
    }

    @Test
    void valuesMayStillUseJavaSerialization() {
        MapStoreState<String, Tags> state = new MapStoreState<>(Map.of());
        state.put("k", tags(2));
        state.prepareCommit(1);
        state.commit(1);
        assertThat(state.get("k")).isEqualTo(tags(64));
    }
}
