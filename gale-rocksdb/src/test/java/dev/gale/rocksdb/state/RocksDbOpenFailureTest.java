package dev.gale.rocksdb.state;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.state.kill.ChildProcess;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;

/**
 * A state directory the provider cannot open: the exception says what is wrong with it (locked,
 * not writable, corrupt), names it, and says what to do, rather than guessing at another process.
 */
class RocksDbOpenFailureTest {
    private Path dir;

    @BeforeEach
    void directory() throws IOException {
        Path target = Path.of(System.getProperty("basedir", "."), "target");
        Files.createDirectories(target);
        dir = Files.createTempDirectory(target, "rocksdb-open-").toRealPath();
    }

    private static Object open(Path path) {
        Map<String, Object> conf = new HashMap<>();
        conf.put(Config.TOPOLOGY_STATE_PROVIDER_CONFIG, Map.of("path", path.toString()));
        return new RocksDbKeyValueStateProvider().newState("count-1", conf, null);
    }

    /** A database with one key, closed again: a directory a topology used before. */
    private void createDatabase() throws RocksDBException {
        try (Options options = new Options().setCreateIfMissing(true); RocksDB db = RocksDB.open(options, dir.toString())) {
            db.put("k".getBytes(StandardCharsets.UTF_8), "v".getBytes(StandardCharsets.UTF_8));
        }
    }

    @Test
    void aDirectoryLockedByAnotherProcessSaysSo() throws Exception {
        try (ChildProcess holder = ChildProcess.start("rocksdb-lock", RocksDbLockHolder.class, dir.toString())) {
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(20))
                    .failFast(() -> !holder.isAlive())
                    .until(() -> holder.lines().contains(RocksDbLockHolder.HOLDING));
            assertThatThrownBy(() -> open(dir))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("locked by another process")
                    .hasMessageContaining(dir.toString());
        }
    }

    @Test
    void aDirectoryLockedByAnotherHandleInThisJvmSaysSo() throws Exception {
        try (Options options = new Options().setCreateIfMissing(true); RocksDB other = RocksDB.open(options, dir.toString())) {
            assertThatThrownBy(() -> open(dir))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("locked by another RocksDB handle in this JVM")
                    .hasMessageContaining(dir.toString())
                    .hasMessageNotContaining("another process");
        }
    }

    @Test
    void aPathUnderARegularFileCannotBeCreated() throws IOException {
        // chmod does not stop root, who runs these tests in CI; a file in the way stops everyone.
        Path file = Files.createFile(dir.resolve("a-file"));
        Path path = file.resolve("state");
        assertThatThrownBy(() -> open(path))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("cannot create or write " + path)
                .hasMessageContaining("Not a directory")
                .hasMessageContaining("a directory this process can write");
        assertThatThrownBy(() -> open(file))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("cannot create or write " + file)
                .hasMessageContaining("not a directory")
                .hasMessageContaining("a directory this process can write");
    }

    @Test
    void aGarbageCurrentFileIsReportedAsCorruption() throws Exception {
        createDatabase();
        Files.writeString(dir.resolve("CURRENT"), "garbage");
        assertThatThrownBy(() -> open(dir))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("RocksDB database in " + dir + " is corrupt")
                .hasMessageContaining("restore the directory from a backup")
                .hasMessageNotContaining("another process");
    }

    @Test
    void aGarbageManifestIsReportedAsCorruption() throws Exception {
        createDatabase();
        String manifest = Files.readString(dir.resolve("CURRENT")).trim();
        byte[] garbage = new byte[64];
        for (int i = 0; i < garbage.length; i++) {
            garbage[i] = (byte) (i * 37 + 11);
        }
        Files.write(dir.resolve(manifest), garbage);
        assertThatThrownBy(() -> open(dir))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("RocksDB database in " + dir + " is corrupt")
                .hasMessageContaining("restore the directory from a backup")
                .hasMessageNotContaining("another process");
    }
}
