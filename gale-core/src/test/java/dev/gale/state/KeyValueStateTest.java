package dev.gale.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Ports Storm's InMemoryKeyValueStateTest, run against the in-memory state and against
 * {@link BinaryKeyValueState} (the base of the durable states) over a test store.
 */
class KeyValueStateTest {

    static Stream<Arguments> states() {
        Supplier<KeyValueState<String, String>> memory = InMemoryKeyValueState::new;
        Supplier<KeyValueState<String, String>> binary = KeyValueStateTest::binary;
        return Stream.of(Arguments.of("in memory", memory), Arguments.of("binary", binary));
    }

    @SuppressWarnings("unchecked")
    private static KeyValueState<String, String> binary() {
        Map<String, Object> conf = new HashMap<>();
        conf.put(Config.TOPOLOGY_STATE_PROVIDER_CONFIG, "kv-" + UUID.randomUUID());
        return (KeyValueState<String, String>) new SharedStoreProvider().newState("ns", conf, null);
    }

    private static String[] values(KeyValueState<String, String> s) {
        return new String[] {s.get("a"), s.get("b"), s.get("c")};
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("states")
    void putAndGet(String name, Supplier<KeyValueState<String, String>> factory) {
        KeyValueState<String, String> s = factory.get();
        s.put("a", "1");
        s.put("b", "2");
        assertThat(values(s)).containsExactly("1", "2", null);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("states")
    void putAndDelete(String name, Supplier<KeyValueState<String, String>> factory) {
        KeyValueState<String, String> s = factory.get();
        s.put("a", "1");
        s.put("b", "2");
        assertThat(s.delete("a")).isEqualTo("1");
        assertThat(values(s)).containsExactly(null, "2", null);
        assertThat(s.get("c", "default")).isEqualTo("default");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("states")
    void prepareCommitRollback(String name, Supplier<KeyValueState<String, String>> factory) {
        KeyValueState<String, String> s = factory.get();
        s.put("a", "1");
        s.put("b", "2");
        s.prepareCommit(1);
        s.put("c", "3");
        assertThat(values(s)).containsExactly("1", "2", "3");
        s.rollback();
        assertThat(values(s)).containsExactly(null, null, null);
        s.put("a", "1");
        s.put("b", "2");
        s.prepareCommit(1);
        s.commit(1);
        s.put("c", "3");
        assertThat(values(s)).containsExactly("1", "2", "3");
        s.rollback();
        assertThat(values(s)).containsExactly("1", "2", null);
        s.put("c", "3");
        assertThat(s.delete("b")).isEqualTo("2");
        assertThat(s.delete("c")).isEqualTo("3");
        assertThat(values(s)).containsExactly("1", null, null);
        s.prepareCommit(2);
        assertThat(values(s)).containsExactly("1", null, null);
        s.commit(2);
        assertThat(values(s)).containsExactly("1", null, null);
        s.put("b", "2");
        s.prepareCommit(3);
        s.put("c", "3");
        assertThat(values(s)).containsExactly("1", "2", "3");
        s.rollback();
        assertThat(values(s)).containsExactly("1", null, null);
        Map<String, String> all = new HashMap<>();
        s.forEach(e -> all.put(e.getKey(), e.getValue()));
        assertThat(all).isEqualTo(Map.of("a", "1"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("states")
    void aCommitMadeAgainInRecoveryIsAccepted(String name, Supplier<KeyValueState<String, String>> factory) {
        KeyValueState<String, String> s = factory.get();
        s.put("a", "1");
        s.prepareCommit(5);
        s.commit(5);
        s.commit(5);
        assertThat(s.get("a")).isEqualTo("1");
        assertThatThrownBy(() -> {
            s.prepareCommit(6);
            s.commit(7);
        }).isInstanceOf(IllegalStateException.class).hasMessageContaining("txid 7");
    }
}
