package dev.gale.rocksdb.state;

import dev.gale.state.kill.KillHarness;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** kill -9 of a Gale process with RocksDB state, restarted on the same directory, three times. */
class RocksDbKillTest {

    @Test
    void eachRestartResumesFromTheLastCommittedCheckpoint() throws Exception {
        Path target = Path.of(System.getProperty("basedir", "."), "target");
        Files.createDirectories(target);
        Path dir = Files.createTempDirectory(target, "rocksdb-kill-");
        String config = "{\"path\": \"" + dir.toAbsolutePath().toString().replace("\\", "\\\\") + "\"}";
        KillHarness.run("rocksdb-kill", RocksDbKeyValueStateProvider.class.getName(), config, 3);
    }
}
