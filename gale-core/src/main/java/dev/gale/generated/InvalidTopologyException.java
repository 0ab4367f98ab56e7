package dev.gale.generated;

/**
 * Thrown when a submitted topology cannot run as declared. The message names the component,
 * stream and field at fault and what to change.
 */
public class InvalidTopologyException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public InvalidTopologyException(String message) {
        super(message);
    }

    public InvalidTopologyException(String message, Throwable cause) {
        super(message, cause);
    }
}
