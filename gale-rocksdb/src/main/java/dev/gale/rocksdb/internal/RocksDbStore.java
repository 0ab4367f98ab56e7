package dev.gale.rocksdb.internal;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * One RocksDB database per directory per JVM, shared by every state kept there (RocksDB locks its
 * directory: a second open in the same process would fail). Opened on first use and kept open for
 * the JVM's life: the states of a topology killed and submitted again find it open. Thread-safe,
 * as RocksDB is.
 */
public final class RocksDbStore {
    private static final Map<Path, RocksDbStore> OPEN = new ConcurrentHashMap<>();
    private final Path directory;
    private final RocksDB db;

    static {
        RocksDB.loadLibrary();
    }

    private RocksDbStore(Path directory, RocksDB db) {
        this.directory = directory;
        this.db = db;
    }

    /** The store of {@code directory}, opened (and created) if this JVM has not yet. */
    public static RocksDbStore open(Path directory) {
        Path key;
        try {
            Files.createDirectories(directory);
            key = directory.toRealPath();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot create or read the RocksDB state directory " + directory + ": " + e, e);
        }
        return OPEN.computeIfAbsent(key, RocksDbStore::openDb);
    }

    private static RocksDbStore openDb(Path dir) {
        try (Options options = new Options().setCreateIfMissing(true)) {
            return new RocksDbStore(dir, RocksDB.open(options, dir.toString() + File.separator));
        } catch (RocksDBException e) {
            throw new IllegalStateException("cannot open the RocksDB state in " + dir + " (another process using it?): "
                    + e.getMessage(), e);
        }
    }

    public Path directory() {
        return directory;
    }

    public RocksDB db() {
        return db;
    }

    /** Writes {@code batch} atomically; with {@code sync}, fsyncs the write-ahead log first. */
    public void write(WriteBatch batch, boolean sync) {
        try (WriteOptions w = new WriteOptions().setSync(sync)) {
            db.write(w, batch);
        } catch (RocksDBException e) {
            throw new IllegalStateException("RocksDB write to " + directory + " failed: " + e.getMessage(), e);
        }
    }

    public byte[] get(byte[] key) {
        try {
            return db.get(key);
        } catch (RocksDBException e) {
            throw new IllegalStateException("RocksDB read from " + directory + " failed: " + e.getMessage(), e);
        }
    }
}
