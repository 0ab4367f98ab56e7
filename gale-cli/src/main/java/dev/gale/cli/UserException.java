package dev.gale.cli;

/** An error the user can fix (bad name, bad value): reported as one line, with an exit status. */
final class UserException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int status;

    UserException(String message) {
        this(message, Main.USAGE);
    }

    UserException(String message, int status) {
        super(message);
        this.status = status;
    }

    UserException(String message, int status, Throwable cause) {
        super(message, cause);
        this.status = status;
    }

    int status() {
        return status;
    }
}
