package dev.gale.generated;

/** Thrown when an operation names a topology that is not running. */
public class NotAliveException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public NotAliveException(String message) {
        super(message);
    }
}
