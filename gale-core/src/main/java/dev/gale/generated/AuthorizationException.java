package dev.gale.generated;

/**
 * Storm's refusal of an operation the caller is not authorised for. The embedded engine has no
 * authorisation and never throws it; it exists so Storm code that declares or catches it (as
 * {@link dev.gale.StormSubmitter#submitTopology} declares it) ports by changing imports.
 * Unchecked, like Gale's other {@code generated} exceptions. Immutable.
 */
public class AuthorizationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public AuthorizationException() {
        super();
    }

    public AuthorizationException(String message) {
        super(message);
    }
}
