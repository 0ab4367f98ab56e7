package dev.gale.rocksdb.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.rocksdb.internal.RocksDbFailure.Kind;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.rocksdb.RocksDBException;
import org.rocksdb.Status;

/** The kinds a test cannot provoke on a real disk (full, refused), told from the status RocksDB reports. */
class RocksDbFailureTest {
    private static final Path DIR = Path.of("/var/lib/topology/state");

    private static RocksDbFailure of(Status.Code code, Status.SubCode subCode, String state) {
        return RocksDbFailure.of(new RocksDBException(state, new Status(code, subCode, state)), DIR);
    }

    @Test
    void noSpaceIsADiskFullThatBreaksTheHandle() {
        RocksDbFailure f = of(Status.Code.IOError, Status.SubCode.NoSpace,
                "While appending to file: /var/lib/topology/state/000012.log: No space left on device");
        assertThat(f.kind()).isEqualTo(Kind.DISK_FULL);
        assertThat(f.message()).contains("the disk holding " + DIR + " is full").contains("free space");
        assertThat(f.breaksHandle()).isTrue();
    }

    @Test
    void permissionDeniedIsNotWritable() {
        RocksDbFailure f = of(Status.Code.IOError, Status.SubCode.None,
                "While open a file for appending: /var/lib/topology/state/000012.log: Permission denied");
        assertThat(f.kind()).isEqualTo(Kind.NOT_WRITABLE);
        assertThat(f.message()).contains("cannot create or write " + DIR).contains("Permission denied");
        assertThat(f.breaksHandle()).isTrue();
    }

    @Test
    void otherIoErrorsBreakTheHandleAndTransientCodesDoNot() {
        RocksDbFailure io = of(Status.Code.IOError, Status.SubCode.None, "While fsync: a file: Input/output error");
        assertThat(io.kind()).isEqualTo(Kind.IO_ERROR);
        assertThat(io.message()).contains("I/O error on " + DIR).contains("Input/output error");
        assertThat(io.breaksHandle()).isTrue();

        RocksDbFailure busy = of(Status.Code.Busy, Status.SubCode.None, "busy");
        assertThat(busy.kind()).isEqualTo(Kind.OTHER);
        assertThat(busy.message()).contains(DIR.toString()).contains("Busy");
        assertThat(busy.breaksHandle()).isFalse();
    }

    @Test
    void aMessageAboutALockIsNotALockUnlessTheCodeIsAnIoError() {
        // The text alone does not decide: the code does, then the text within it.
        RocksDbFailure f = of(Status.Code.InvalidArgument, Status.SubCode.None, "While lock file: bad option");
        assertThat(f.kind()).isEqualTo(Kind.OTHER);
    }

    @Test
    void aDeletedDatabaseFoundOnReopenIsMissing() {
        RocksDbFailure f = of(Status.Code.InvalidArgument, Status.SubCode.None,
                "/var/lib/topology/state/CURRENT: does not exist (create_if_missing is false)");
        assertThat(f.kind()).isEqualTo(Kind.MISSING);
        assertThat(f.message()).contains("deleted or moved while it was open");
    }

    @Test
    void javaFileErrorsBeforeRocksDbOpensSayWhichFile() {
        RocksDbFailure denied = RocksDbFailure.of(new AccessDeniedException("/var/lib/topology"), DIR);
        assertThat(denied.kind()).isEqualTo(Kind.NOT_WRITABLE);
        assertThat(denied.message()).contains("cannot create or write " + DIR).contains("/var/lib/topology:");

        RocksDbFailure full = RocksDbFailure.of(new FileSystemException(DIR.toString(), null, "No space left on device"), DIR);
        assertThat(full.kind()).isEqualTo(Kind.DISK_FULL);
    }
}
