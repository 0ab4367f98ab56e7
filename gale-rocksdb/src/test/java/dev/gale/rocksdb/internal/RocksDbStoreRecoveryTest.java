package dev.gale.rocksdb.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.gale.Config;
import dev.gale.rocksdb.state.RocksDbKeyValueStateProvider;
import dev.gale.state.KeyValueState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.rocksdb.RocksDBException;

/**
 * A write that fails with an I/O error leaves RocksDB refusing every later write on that handle.
 * The failure is made real: the directory is moved away while the database is open and a flush
 * has to create a new write-ahead log in it. The store must then close and reopen the database on
 * its next use, or say it is unusable and why, never keep the dead handle for the JVM's life.
 */
class RocksDbStoreRecoveryTest {
    private Path dir;
    private Path away;
    private Map<String, Object> conf;

    @BeforeEach
    void directory() throws IOException {
        Path target = Path.of(System.getProperty("basedir", "."), "target");
        Files.createDirectories(target);
        dir = Files.createTempDirectory(target, "rocksdb-recovery-").toRealPath();
        away = dir.resolveSibling(dir.getFileName() + "-away");
        conf = new HashMap<>();
        conf.put(Config.TOPOLOGY_STATE_PROVIDER_CONFIG, Map.of("path", dir.toString()));
    }

    @SuppressWarnings("unchecked")
    private KeyValueState<String, Object> open(String namespace) {
        return (KeyValueState<String, Object>) new RocksDbKeyValueStateProvider().newState(namespace, conf, null);
    }

    /** Commits a=1, b=1 at txid 0, then breaks the handle: RocksDB stops taking writes. */
    private KeyValueState<String, Object> committedThenBroken() throws IOException {
        KeyValueState<String, Object> s = open("count-1");
        s.put("a", 1L);
        s.put("b", 1L);
        s.prepareCommit(0);
        s.commit(0);
        RocksDbStore store = RocksDbStore.open(dir);
        Files.move(dir, away);
        assertThatThrownBy(store::flush).isInstanceOf(RocksDBException.class);
        return s;
    }

    @Test
    void theNextOperationAfterAFailedWriteReopensTheDatabase() throws IOException {
        KeyValueState<String, Object> s = committedThenBroken();
        Files.move(away, dir);
        s.put("a", 2L);
        Throwable failed = catchThrowable(() -> s.prepareCommit(1));
        assertThat(failed).isInstanceOf(IllegalStateException.class).hasMessageContaining(dir.toString());

        s.prepareCommit(1); // the retry of the checkpoint: on a reopened database
        s.commit(1);
        KeyValueState<String, Object> restarted = open("count-1");
        assertThat(restarted.get("a")).isEqualTo(2L);
        assertThat(restarted.get("b")).isEqualTo(1L);
        restarted.put("c", 3L);
        restarted.prepareCommit(2);
        restarted.commit(2);
        assertThat(open("count-1").get("c")).isEqualTo(3L);
        assertThat(failed).hasMessageContaining("I/O error").hasMessageContaining("reopened on its next use");
    }

    @Test
    void aDatabaseThatCannotBeReopenedIsUnusableAndSaysWhyUntilItCanBe() throws IOException {
        KeyValueState<String, Object> s = committedThenBroken();
        Files.writeString(dir, "in the way"); // a regular file where the directory was
        s.put("a", 2L);
        assertThatThrownBy(() -> s.prepareCommit(1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> s.prepareCommit(1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("RocksDB state in " + dir + " is unusable")
                .hasMessageContaining("not a directory");
        assertThatThrownBy(() -> open("count-1")).hasMessageContaining(dir.toString()).hasMessageContaining("not a directory");

        Files.delete(dir);
        Files.move(away, dir);
        s.prepareCommit(1);
        s.commit(1);
        assertThat(open("count-1").get("a")).isEqualTo(2L);
        assertThat(open("count-1").get("b")).isEqualTo(1L);
    }
}
