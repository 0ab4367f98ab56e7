package dev.gale.rocksdb.internal;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.Locale;
import org.rocksdb.RocksDBException;
import org.rocksdb.Status;

/**
 * What a failure on a RocksDB state directory means for the user: its {@link Kind}, and a message
 * naming the directory, saying what happened and what to do. The kind comes from RocksDB's status
 * code; within a code (an {@code IOError} is a lock held, a permission, a full disk...) from the
 * operating system's error text RocksDB passes on, as RocksDB gives no finer code for those but
 * {@code NoSpace}. Immutable; thread-safe.
 */
final class RocksDbFailure {
    /** What went wrong. */
    enum Kind {
        LOCKED, NOT_WRITABLE, CORRUPT, MISSING, DISK_FULL, IO_ERROR, OTHER
    }

    private static final String NOT_WRITABLE_HINT = ": make it a directory this process can write, or set \"path\" to one";

    private final Kind kind;
    private final String message;
    private final boolean breaksHandle;

    private RocksDbFailure(Kind kind, String message, boolean breaksHandle) {
        this.kind = kind;
        this.message = message;
        this.breaksHandle = breaksHandle;
    }

    static RocksDbFailure of(RocksDBException e, Path dir) {
        Status status = e.getStatus();
        String text = status != null && status.getState() != null ? status.getState() : String.valueOf(e.getMessage());
        if (status == null) {
            return new RocksDbFailure(Kind.OTHER, "RocksDB failed on " + dir + ": " + text, false);
        }
        String lower = text.toLowerCase(Locale.ROOT);
        switch (status.getCode()) {
            case Corruption:
                return new RocksDbFailure(Kind.CORRUPT, "the RocksDB database in " + dir + " is corrupt (" + text + "): restore"
                        + " the directory from a backup, or move it aside to start with empty state (losing what it held)", true);
            case IOError:
                return ioError(status, text, lower, dir);
            case InvalidArgument:
                // Only a reopen asks RocksDB not to create the database: its files are what is missing.
                if (lower.contains("does not exist")) {
                    return new RocksDbFailure(Kind.MISSING, "the RocksDB database in " + dir + " is gone (" + text + "): its"
                            + " files were deleted or moved while it was open; put them back (to start with empty state"
                            + " instead, restart the process)", false);
                }
                break;
            default:
                break;
        }
        // Shutting down: this handle is going away, only a new one can serve the next use.
        return new RocksDbFailure(Kind.OTHER, "RocksDB failed on " + dir + ": " + status.getCodeString() + ": " + text,
                status.getCode() == Status.Code.ShutdownInProgress);
    }

    private static RocksDbFailure ioError(Status status, String text, String lower, Path dir) {
        if (status.getSubCode() == Status.SubCode.NoSpace || lower.contains("no space left on device")) {
            return new RocksDbFailure(Kind.DISK_FULL, "the disk holding " + dir + " is full (" + text + "): free space on it",
                    true);
        }
        // RocksDB's own wording when the LOCK file is held by a handle of this process...
        if (lower.contains("lock hold by current process")) {
            return new RocksDbFailure(Kind.LOCKED, "the RocksDB database in " + dir + " is locked by another RocksDB handle"
                    + " in this JVM (" + text + "): something besides the state provider opened it; close that handle,"
                    + " or give this topology its own \"path\"", false);
        }
        // ...and when another process holds it (fcntl refused the lock).
        if (lower.contains("while lock file")) {
            return new RocksDbFailure(Kind.LOCKED, "the RocksDB database in " + dir + " is locked by another process (" + text
                    + "): only one process may use a state directory; stop the other one (a worker of this topology"
                    + " still running?), or give this topology its own \"path\"", false);
        }
        if (lower.contains("permission denied") || lower.contains("operation not permitted")
                || lower.contains("read-only file system") || lower.contains("not a directory")
                || lower.contains("is a directory")) {
            return new RocksDbFailure(Kind.NOT_WRITABLE, "cannot create or write " + dir + " (" + text + ")" + NOT_WRITABLE_HINT,
                    true);
        }
        return new RocksDbFailure(Kind.IO_ERROR, "I/O error on " + dir + " (" + text + "): check the disk, and that the"
                + " directory was not moved or deleted while in use", true);
    }

    /** A failure to create or resolve {@code dir}, before RocksDB is asked to open it. */
    static RocksDbFailure of(IOException e, Path dir) {
        if (e instanceof FileAlreadyExistsException) {
            return new RocksDbFailure(Kind.NOT_WRITABLE, "cannot create or write " + dir + " ("
                    + describe(e, dir, "exists and is not a directory") + ")" + NOT_WRITABLE_HINT, false);
        }
        String reason = e instanceof FileSystemException fse && fse.getReason() != null ? fse.getReason() : String.valueOf(e);
        String lower = reason.toLowerCase(Locale.ROOT);
        if (lower.contains("no space left on device")) {
            return new RocksDbFailure(Kind.DISK_FULL, "the disk holding " + dir + " is full (" + reason + "): free space on it",
                    false);
        }
        if (e instanceof AccessDeniedException || lower.contains("not a directory") || lower.contains("read-only file system")
                || lower.contains("operation not permitted") || lower.contains("permission denied")) {
            return new RocksDbFailure(Kind.NOT_WRITABLE, "cannot create or write " + dir + " (" + describe(e, dir, reason) + ")"
                    + NOT_WRITABLE_HINT, false);
        }
        return new RocksDbFailure(Kind.IO_ERROR, "I/O error on " + dir + " (" + describe(e, dir, reason) + "): check the disk and"
                + " the path", false);
    }

    /** The reason, and the file it is about if that is not the state directory itself (a parent, say). */
    private static String describe(IOException e, Path dir, String reason) {
        if (e instanceof FileSystemException fse && fse.getFile() != null && !fse.getFile().equals(dir.toString())) {
            return fse.getFile() + ": " + reason;
        }
        return reason;
    }

    Kind kind() {
        return kind;
    }

    /** What happened to which directory, and what to do. */
    String message() {
        return message;
    }

    /**
     * Whether the handle that failed must be closed and the database reopened: after an I/O error
     * or corruption RocksDB refuses every later write on the handle, so only a reopen recovers.
     */
    boolean breaksHandle() {
        return breaksHandle;
    }

    @Override
    public String toString() {
        return kind + ": " + message;
    }
}
