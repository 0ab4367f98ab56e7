package dev.gale.rocksdb.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import dev.gale.state.KeyValueState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The RocksDB state's two-phase commit on a real database; a "restart" is a new state object on the
 * same namespace, which must find what the store kept.
 */
class RocksDbKeyValueStateTest {
    private Map<String, Object> conf;

    @BeforeEach
    void directory() throws IOException {
        Path target = Path.of(System.getProperty("basedir", "."), "target");
        Files.createDirectories(target);
        Path dir = Files.createTempDirectory(target, "rocksdb-");
        conf = new HashMap<>();
        conf.put(Config.TOPOLOGY_STATE_PROVIDER_CONFIG, Map.of("path", dir.toString()));
    }

    @SuppressWarnings("unchecked")
    private KeyValueState<String, Object> open(String namespace) {
        return (KeyValueState<String, Object>) new RocksDbKeyValueStateProvider().newState(namespace, conf, null);
    }

    @Test
    void aCommitSurvivesARestartAndWhatCameAfterItDoesNot() {
        KeyValueState<String, Object> s = open("count-1");
        s.put("a", 1L);
        s.put("b", "two");
        s.prepareCommit(0);
        s.commit(0);
        s.put("a", 2L);
        s.delete("b");
        s.prepareCommit(1); // prepared, never committed: rolled back by the recovery
        s.put("c", 3L);

        KeyValueState<String, Object> restarted = open("count-1");
        assertThat(restarted.get("a")).isEqualTo(2L); // prepared values are visible until rolled back
        restarted.rollback();
        assertThat(restarted.get("a")).isEqualTo(1L);
        assertThat(restarted.get("b")).isEqualTo("two");
        assertThat(restarted.get("c")).isNull();
        assertThat(open("count-1").get("a")).isEqualTo(1L);
    }

    @Test
    void aTransactionPreparedBeforeACrashIsCommittedByTheRecovery() {
        KeyValueState<String, Object> s = open("count-2");
        s.put("a", 1L);
        s.prepareCommit(0);
        s.commit(0);
        s.put("a", 5L);
        s.delete("x");
        s.prepareCommit(1);

        KeyValueState<String, Object> restarted = open("count-2");
        restarted.commit(1);
        restarted.commit(1); // again, as a second recovery would
        assertThat(open("count-2").get("a")).isEqualTo(5L);
        assertThatThrownBy(() -> open("count-2").prepareCommit(1)).hasMessageContaining("committed already");
    }

    @Test
    void namespacesAreSeparateAndIterationReadsInChunks() {
        KeyValueState<String, Object> s = open("many-1");
        for (int i = 0; i < 2500; i++) {
            s.put("k" + i, (long) i);
        }
        s.prepareCommit(0);
        s.commit(0);
        KeyValueState<String, Object> other = open("many-10");
        other.put("k0", -1L);
        other.prepareCommit(0);
        other.commit(0);

        Map<String, Object> all = new HashMap<>();
        open("many-1").forEach(e -> all.put(e.getKey(), e.getValue()));
        assertThat(all).hasSize(2500).containsEntry("k2499", 2499L).containsEntry("k0", 0L);
        Map<String, Object> others = new HashMap<>();
        open("many-10").forEach(e -> others.put(e.getKey(), e.getValue()));
        assertThat(others).isEqualTo(Map.of("k0", -1L));
    }

    static final class Opaque {
    }

    @Test
    void aValueThatCannotBeSerializedNamesTheStateAndTheClass() {
        KeyValueState<String, Object> s = open("count-7");
        s.put("a", new Opaque());
        assertThatThrownBy(() -> s.prepareCommit(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("state 'count-7'")
                .hasMessageContaining(Opaque.class.getName());
    }

    @Test
    void aConfigWithoutAPathIsRefused() {
        conf.put(Config.TOPOLOGY_STATE_PROVIDER_CONFIG, "{\"sync\": true}");
        assertThatThrownBy(() -> open("x")).hasMessageContaining("\"path\"");
        conf.put(Config.TOPOLOGY_STATE_PROVIDER_CONFIG, "{\"pth\": \"/tmp/x\"}");
        assertThatThrownBy(() -> open("x")).hasMessageContaining("unknown key \"pth\"");
    }
}
