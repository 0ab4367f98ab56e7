package dev.gale.topology;

/**
 * Thrown from {@link IBasicBolt#execute} to fail the input tuple (its spout tuples are then
 * replayed by spouts that replay), without reporting an error.
 */
public class FailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public FailedException() {
    }

    public FailedException(String msg) {
        super(msg);
    }

    public FailedException(String msg, Throwable cause) {
        super(msg, cause);
    }

    public FailedException(Throwable cause) {
        super(cause);
    }
}
