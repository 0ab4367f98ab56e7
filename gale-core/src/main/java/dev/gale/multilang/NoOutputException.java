package dev.gale.multilang;

/**
 * Thrown by an {@link ISerializer} when the subprocess's output ends: the pipe closed, usually
 * because the process exited.
 */
public class NoOutputException extends Exception {
    private static final long serialVersionUID = 1L;

    public NoOutputException() {
    }

    public NoOutputException(String message) {
        super(message);
    }

    public NoOutputException(String message, Throwable cause) {
        super(message, cause);
    }

    public NoOutputException(Throwable cause) {
        super(cause);
    }
}
