package dev.gale.ui;

import dev.gale.LocalCluster;
import dev.gale.spi.ClusterUi;
import dev.gale.spi.ClusterUiProvider;
import dev.gale.spi.UiSettings;

/**
 * What {@code LocalCluster.Builder.withUi} finds through {@link java.util.ServiceLoader}: starts a
 * {@link UiServer}. Stateless and thread-safe.
 */
public final class GaleUiProvider implements ClusterUiProvider {

    @Override
    public ClusterUi start(LocalCluster cluster, UiSettings settings) {
        return UiServer.start(cluster, settings);
    }
}
