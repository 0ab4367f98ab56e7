package dev.gale.topology;

/**
 * Gale addition: an error that retrying cannot clear (a configuration that cannot work, state that
 * cannot be mapped onto the running topology). Thrown from user code or the framework's own
 * components, it stops the topology as an {@link Error} does: the topology is halted, the error is
 * reported once and shown in {@code TopologyStats.fatal()} and the UI, and {@code gale run} exits
 * with an error. Any other exception fails the tuple at hand and the topology goes on. Immutable.
 */
public class FatalTopologyException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public FatalTopologyException(String message) {
        super(message);
    }

    public FatalTopologyException(String message, Throwable cause) {
        super(message, cause);
    }

    /** True if {@code t} or one of its causes is fatal: an {@link Error} or a {@code FatalTopologyException}. */
    public static boolean isFatal(Throwable t) {
        if (t instanceof Error) {
            return true;
        }
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof FatalTopologyException) {
                return true;
            }
        }
        return false;
    }
}
