package dev.gale.spi;

import dev.gale.LocalCluster;

/**
 * Starts a web UI for a {@link LocalCluster} (Gale addition). gale-core only defines this hook so
 * that it needs no web server: the {@code gale-ui} module implements it and registers the
 * implementation in {@code META-INF/services/dev.gale.spi.ClusterUiProvider}, where
 * {@link LocalCluster.Builder#withUi(int)} finds it with {@link java.util.ServiceLoader}.
 *
 * <p>Implementations must be thread-safe.
 */
public interface ClusterUiProvider {

    /**
     * Starts serving the cluster's UI and returns once it listens.
     *
     * @throws IllegalArgumentException if {@code settings} asks for a non-loopback address without
     *     allowing it
     */
    ClusterUi start(LocalCluster cluster, UiSettings settings);
}
