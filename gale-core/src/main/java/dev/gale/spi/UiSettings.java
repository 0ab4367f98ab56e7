package dev.gale.spi;

/**
 * How to start a cluster UI. Immutable.
 *
 * @param bindAddress the address to listen on, 127.0.0.1 by default
 * @param port the port, 0 for any free one
 * @param allowNonLoopback whether {@code bindAddress} may be reachable from other machines; the UI
 *     refuses such an address without it, and with it wants the token for reads too
 */
public record UiSettings(String bindAddress, int port, boolean allowNonLoopback) {

    /** Loopback only, on {@code port}. */
    public static UiSettings loopback(int port) {
        return new UiSettings("127.0.0.1", port, false);
    }
}
