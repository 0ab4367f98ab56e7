package dev.gale.hooks;

/**
 * A submit's {@link dev.gale.ISubmitterHook} could not be made or failed. The topology was
 * submitted already and keeps running; only the notification is lost. Immutable.
 */
public class SubmitterHookException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SubmitterHookException() {
        super();
    }

    public SubmitterHookException(String message) {
        super(message);
    }

    public SubmitterHookException(String message, Throwable cause) {
        super(message, cause);
    }

    public SubmitterHookException(Throwable cause) {
        super(cause);
    }
}
