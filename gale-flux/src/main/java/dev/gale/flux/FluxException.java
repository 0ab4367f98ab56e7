package dev.gale.flux;

/**
 * A Flux topology that cannot be read or built: bad YAML, an unknown key, class or reference, no
 * constructor or method for the given arguments. The message says where (file and line), which
 * key or component, and what is wrong. An {@link IllegalArgumentException}, as Storm's Flux throws
 * for the same mistakes. Immutable.
 */
public class FluxException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public FluxException(String message) {
        super(message);
    }

    public FluxException(String message, Throwable cause) {
        super(message, cause);
    }
}
