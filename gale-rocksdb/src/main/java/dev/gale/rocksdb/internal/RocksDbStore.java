package dev.gale.rocksdb.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.rocksdb.FlushOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One RocksDB database per directory per JVM, shared by every state kept there (RocksDB locks its
 * directory). Opened on first use and kept for the JVM's life, so the states of a topology killed
 * and submitted again find it open. After an I/O error or corruption RocksDB refuses every later
 * write on a handle, so a failure of that kind has the handle closed and the database reopened on
 * the next use; if it cannot be reopened, each use fails saying why, and tries again. Every failure
 * says what happened (see {@link RocksDbFailure}). Thread-safe.
 */
public final class RocksDbStore {
    private static final Logger LOG = LoggerFactory.getLogger(RocksDbStore.class);
    private static final Map<Path, RocksDbStore> OPEN = new ConcurrentHashMap<>();

    private final Path directory;
    /** Shared to use the handle, exclusive to replace it: closing a handle in use would crash the JVM in native code. */
    private final ReadWriteLock lock = new ReentrantReadWriteLock();
    /** Why the handle was given up, or null: the next use closes it and reopens the database. */
    private final AtomicReference<String> failure = new AtomicReference<>();
    /** Guarded by {@link #lock}; null while closed after a failure and not yet reopened. */
    private RocksDB db;

    static {
        RocksDB.loadLibrary();
    }

    private RocksDbStore(Path directory, RocksDB db) {
        this.directory = directory;
        this.db = db;
    }

    /** The store of {@code directory}, opened (and created) if this JVM has not yet. */
    public static RocksDbStore open(Path directory) {
        Path dir;
        try {
            Files.createDirectories(directory);
            dir = directory.toRealPath();
        } catch (IOException e) {
            throw new IllegalStateException("cannot open the RocksDB state: " + RocksDbFailure.of(e, directory).message(), e);
        }
        return OPEN.computeIfAbsent(dir, d -> {
            try {
                return new RocksDbStore(d, openDb(d, true));
            } catch (RocksDBException e) {
                throw new IllegalStateException("cannot open the RocksDB state: " + RocksDbFailure.of(e, d).message(), e);
            }
        });
    }

    private static RocksDB openDb(Path dir, boolean create) throws RocksDBException {
        // The path exactly as resolved, no trailing separator: RocksDB refuses a second handle on a
        // directory in the same process only if both name its LOCK file with the same string.
        try (Options options = new Options().setCreateIfMissing(create)) {
            return RocksDB.open(options, dir.toString());
        }
    }

    public Path directory() {
        return directory;
    }

    /** Writes {@code batch} atomically; with {@code sync}, fsyncs the write-ahead log first. */
    public void write(WriteBatch batch, boolean sync) {
        use("RocksDB write", rocks -> {
            try (WriteOptions w = new WriteOptions().setSync(sync)) {
                rocks.write(w, batch);
            }
            return null;
        });
    }

    public byte[] get(byte[] key) {
        return use("RocksDB read", rocks -> rocks.get(key));
    }

    /**
     * Up to {@code max} entries whose keys start with {@code prefix}, in key order from {@code from}
     * (included or not), their keys without the prefix.
     */
    public List<Map.Entry<byte[], byte[]>> scan(byte[] prefix, byte[] from, boolean inclusive, int max) {
        return use("RocksDB scan", rocks -> {
            List<Map.Entry<byte[], byte[]>> out = new ArrayList<>();
            try (RocksIterator it = rocks.newIterator()) {
                it.seek(from);
                if (!inclusive && it.isValid() && Arrays.equals(it.key(), from)) {
                    it.next();
                }
                while (it.isValid() && out.size() < max) {
                    byte[] k = it.key();
                    if (!startsWith(k, prefix)) {
                        break;
                    }
                    out.add(new AbstractMap.SimpleImmutableEntry<>(Arrays.copyOfRange(k, prefix.length, k.length), it.value()));
                    it.next();
                }
                it.status();
            }
            return out;
        });
    }

    private static boolean startsWith(byte[] k, byte[] prefix) {
        return k.length >= prefix.length && Arrays.equals(k, 0, prefix.length, prefix, 0, prefix.length);
    }

    /** An operation on the handle. */
    @FunctionalInterface
    private interface Call<T> {
        T on(RocksDB rocks) throws RocksDBException;
    }

    private <T> T use(String action, Call<T> call) {
        lock.readLock().lock();
        try {
            while (failure.get() != null) {
                // A read lock cannot be upgraded: let go of it to reopen, then use whatever handle is current.
                lock.readLock().unlock();
                try {
                    reopen();
                } finally {
                    lock.readLock().lock();
                }
            }
            return call.on(db);
        } catch (RocksDBException e) {
            RocksDbFailure f = RocksDbFailure.of(e, directory);
            String next = "";
            if (f.breaksHandle()) {
                failure.compareAndSet(null, f.message());
                next = "; the database is closed and reopened on its next use";
            }
            throw new IllegalStateException(action + " failed: " + f.message() + next, e);
        } finally {
            lock.readLock().unlock();
        }
    }

    private void reopen() {
        lock.writeLock().lock();
        try {
            String cause = failure.get();
            if (cause == null) {
                return; // another thread reopened it meanwhile
            }
            if (db != null) {
                LOG.warn("Closing the RocksDB database in {} to reopen it, after: {}", directory, cause);
                try {
                    db.closeE();
                } catch (RocksDBException e) {
                    LOG.warn("Closing the failed RocksDB database in {}: {}", directory, RocksDbFailure.of(e, directory).message());
                }
                db = null;
            }
            try {
                // Not created if missing: an empty database in place of a lost one would silently drop the state.
                db = openDb(directory, false);
            } catch (RocksDBException e) {
                throw new IllegalStateException("the RocksDB state in " + directory + " is unusable: reopening it failed: "
                        + RocksDbFailure.of(e, directory).message() + ". It had been closed after: " + cause, e);
            }
            failure.set(null);
            LOG.warn("Reopened the RocksDB database in {}", directory);
        } finally {
            lock.writeLock().unlock();
        }
    }

    /** Test hook: flushes the memtable, which starts a new write-ahead log file as a full memtable would. */
    void flush() throws RocksDBException {
        lock.readLock().lock();
        try (FlushOptions f = new FlushOptions().setWaitForFlush(true)) {
            db.flush(f);
        } finally {
            lock.readLock().unlock();
        }
    }
}
