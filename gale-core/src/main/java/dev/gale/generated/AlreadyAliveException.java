package dev.gale.generated;

/** Thrown when a topology is submitted under a name that is already running. */
public class AlreadyAliveException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public AlreadyAliveException(String message) {
        super(message);
    }
}
