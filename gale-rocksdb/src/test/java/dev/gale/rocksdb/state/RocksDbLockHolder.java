package dev.gale.rocksdb.state;

import java.util.concurrent.CountDownLatch;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;

/**
 * A child JVM for {@link RocksDbOpenFailureTest}: opens the RocksDB database in the directory given
 * as its argument, prints {@link #HOLDING} and keeps it open, and so locked, until it is killed.
 */
final class RocksDbLockHolder {
    static final String HOLDING = "HOLDING";

    private RocksDbLockHolder() {
    }

    public static void main(String[] args) throws Exception {
        RocksDB.loadLibrary();
        try (Options options = new Options().setCreateIfMissing(true); RocksDB db = RocksDB.open(options, args[0])) {
            System.out.println(HOLDING);
            System.out.flush();
            new CountDownLatch(1).await(); // the test kills this process
        }
    }
}
