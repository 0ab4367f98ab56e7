package dev.gale.spi;

import java.net.URI;

/** A running cluster UI, from {@link ClusterUiProvider#start}. Thread-safe. */
public interface ClusterUi extends AutoCloseable {

    /** Where the UI listens, e.g. {@code http://127.0.0.1:8080/}. */
    URI url();

    /**
     * The token that mutating requests (activate, deactivate, kill) must carry, and reads too when
     * the UI listens beyond loopback. Never logged: hand it only to whoever should act.
     */
    String token();

    /** Stops serving; idempotent. */
    @Override
    void close();
}
